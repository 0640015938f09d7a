/**
 * A tracer that keeps every span it makes, for tests of what is traced.
 */
import { Tracer } from "effect"

/**
 * A tracer and the spans it made, in the order they started.
 *
 * @example
 * ```ts
 * const { spans, tracer } = recordingTracer()
 * yield* Effect.withTracer(effect, tracer)
 * expect(spans.map((span) => span.name)).toEqual(["Reports.get"])
 * ```
 */
export const recordingTracer = () => {
  const spans: Array<Tracer.NativeSpan> = []
  const tracer = Tracer.make({
    span: (options) => {
      const span = new Tracer.NativeSpan(options)
      spans.push(span)
      return span
    },
  })
  return { spans, tracer }
}
