import { describe, expect, it } from "@effect/vitest"
import { Effect, References, type Tracer } from "effect"
import { traced } from "../../src/Traced.ts"
import { recordingTracer } from "../support/RecordingTracer.ts"

const parentName = (span: Tracer.NativeSpan): string | undefined =>
  span.parent._tag === "Some" && span.parent.value._tag === "Span" ? span.parent.value.name : undefined

describe("traced", () => {
  const inner = traced("Reports.inner")(function* (n: number) {
    return (yield* Effect.succeed(n)) * 2
  })
  const outer = traced("Reports.outer")(function* (n: number) {
    return (yield* inner(n)) + 1
  })

  it.effect("with a tracer, every call is a span of its name, nested as the calls are", () =>
    Effect.gen(function* () {
      const { spans, tracer } = recordingTracer()
      const answer = yield* Effect.withTracer(outer(20), tracer)
      expect(answer).toBe(41)
      expect(spans.map((span) => [span.name, parentName(span)])).toEqual([
        ["Reports.outer", undefined],
        ["Reports.inner", "Reports.outer"],
      ])
    }),
  )

  it.effect("with tracing off, a call makes no span and answers the same", () =>
    Effect.gen(function* () {
      const { spans, tracer } = recordingTracer()
      const answer = yield* Effect.withTracer(outer(20), tracer).pipe(
        Effect.provideService(References.TracerEnabled, false),
      )
      expect(answer).toBe(41)
      expect(spans).toEqual([])
    }),
  )

  it.effect("the step around a call runs inside its span, on every call", () =>
    Effect.gen(function* () {
      const { spans, tracer } = recordingTracer()
      let wrapped = 0
      const counted = traced("Reports.counted")(
        function* (n: number) {
          return yield* Effect.succeed(n)
        },
        (call) => Effect.tap(Effect.withSpan(call, "Reports.step"), () => Effect.sync(() => wrapped++)),
      )
      expect(yield* Effect.withTracer(Effect.all([counted(1), counted(2)]), tracer)).toEqual([1, 2])
      expect(wrapped).toBe(2)
      expect(spans.map((span) => [span.name, parentName(span)])).toEqual([
        ["Reports.counted", undefined],
        ["Reports.step", "Reports.counted"],
        ["Reports.counted", undefined],
        ["Reports.step", "Reports.counted"],
      ])
    }),
  )

  it.effect("failures pass through unchanged", () =>
    Effect.gen(function* () {
      const failing = traced("Reports.failing")(function* () {
        return yield* Effect.fail("refused" as const)
      })
      expect(yield* Effect.flip(failing())).toBe("refused")
    }),
  )
})
