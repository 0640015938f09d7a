/**
 * An import: the features of every input file read in turn, each checked and turned into a shape
 * draft, skipped when an earlier run imported it, and sent to the API in batches (one bulk create
 * each) by a bounded pool of concurrent requests (fetch keeps connections alive). Every feature
 * ends in the tally; those not imported are written to the report file.
 */
import { stat } from "node:fs/promises"
import { basename } from "node:path"
import * as FieldreportClient from "@fieldreport/client/FieldreportClient"
import { Clock, Duration, Effect, Result, Schema, Stream } from "effect"
import * as FeatureSource from "./FeatureSource.ts"
import * as ImportedShapes from "./ImportedShapes.ts"
import * as ProblemReport from "./ProblemReport.ts"
import * as Progress from "./Progress.ts"
import * as ShapeDraft from "./ShapeDraft.ts"
import * as ShapeUpload from "./ShapeUpload.ts"
import { origin, SourceError, type SourceFeature } from "./SourceFeature.ts"
import * as SourceKey from "./SourceKey.ts"
import * as Tally from "./Tally.ts"

/**
 * What to import, where, and how.
 *
 * @example
 * ```ts
 * const options: ImportOptions = {
 *   server: "http://127.0.0.1:3000", token: "fra_…", app: "com.example.fieldapp",
 *   files: [{ path: "/data/parcels.geojson", name: "parcels.geojson" }],
 *   display: ["name"], color: undefined, colorProperty: undefined, wktColumn: "WKT",
 *   dryRun: false, concurrency: 4, batchSize: 100, reportPath: "/data/import-report.csv",
 *   progress: { terminal: false, write: (text) => process.stderr.write(text) },
 * }
 * ```
 */
export interface ImportOptions extends ShapeDraft.MetadataOptions, FeatureSource.ReadOptions {
  readonly server: string
  readonly token: string
  /** The bundle id of the branded app that receives the shapes. */
  readonly app: string
  readonly files: ReadonlyArray<FeatureSource.InputFile>
  /** Check everything and count what would be created, but create nothing. */
  readonly dryRun: boolean
  /** How many requests are under way at once. */
  readonly concurrency: number
  /** How many features make one batch, sent as one request. */
  readonly batchSize: number
  readonly reportPath: string
  readonly progress: Omit<Progress.ProgressOptions, "totalBytes">
}

/**
 * The API cannot be used for this import (wrong address, token or app): nothing was sent.
 *
 * @example
 * ```ts
 * new ServerError({ server: "http://127.0.0.1:3000", reason: "401 Unauthorized: the token is not valid" })
 * ```
 */
export class ServerError extends Schema.TaggedError<ServerError>()("ServerError", {
  server: Schema.String,
  reason: Schema.String,
}) {
  override get message(): string {
    return `cannot list the app's shapes at ${this.server}: ${this.reason}`
  }
}

/**
 * The API refused the token (`403`): it is not that of an administrator of the app or of a platform
 * administrator, the only people who create an app's shapes (docs/api.md, Shapes).
 *
 * @example
 * ```ts
 * new TokenRefused({ app: "com.example.fieldapp", reason: "403 Forbidden: only platform administrators …" })
 * ```
 */
export class TokenRefused extends Schema.TaggedError<TokenRefused>()("TokenRefused", {
  app: Schema.String,
  reason: Schema.String,
}) {
  override get message(): string {
    return `the API refused the token (${this.reason}): the token must belong to an administrator of the app ${this.app} or a platform administrator`
  }
}

/**
 * How an import ended.
 *
 * @example
 * ```ts
 * const result: ImportResult = { tally, elapsed: Duration.seconds(12), reportPath: "/data/import-report.csv" }
 * ```
 */
export interface ImportResult {
  readonly tally: Tally.Tally
  readonly elapsed: Duration.Duration
  readonly reportPath: string
}

/** The size of each file, which must exist; two files of one name would share source keys. */
const sizesOf = (files: ReadonlyArray<FeatureSource.InputFile>) =>
  Effect.forEach(files, (file, i) =>
    Effect.gen(function* () {
      const twin = files.findIndex((other) => basename(other.path) === basename(file.path))
      if (twin !== i) {
        return yield* new SourceError({
          file: file.name,
          reason: `has the same name as ${files[twin]?.name}, so their features' source keys would collide; rename one`,
        })
      }
      const stats = yield* Effect.tryPromise({
        try: () => stat(file.path),
        catch: (error) =>
          new SourceError({
            file: file.name,
            reason: error instanceof Error ? error.message : String(error),
          }),
      })
      return stats.size
    }),
  )

/**
 * Runs an import.
 *
 * @example
 * ```ts
 * const { tally, elapsed } = yield* Import.run(options)
 * console.log(Tally.summary(tally, elapsed, options.dryRun))
 * ```
 */
export const run = (
  options: ImportOptions,
): Effect.Effect<ImportResult, SourceError | ServerError | TokenRefused | ProblemReport.ReportError> =>
  Effect.scoped(
    Effect.gen(function* () {
      const started = yield* Clock.currentTimeMillis
      const sizes = yield* sizesOf(options.files)
      const client = FieldreportClient.make({
        baseUrl: options.server,
        token: options.token,
        appId: options.app,
      })
      const refused = (error: Parameters<typeof ShapeUpload.reason>[0]) =>
        new TokenRefused({ app: options.app, reason: ShapeUpload.reason(error) })
      const imported = yield* Effect.mapError(ImportedShapes.sourceKeys(client), (error) =>
        ShapeUpload.refusesToken(error)
          ? refused(error)
          : new ServerError({ server: options.server, reason: ShapeUpload.reason(error) }),
      )
      const report = yield* ProblemReport.open(options.reportPath)
      const progress = yield* Progress.make({
        ...options.progress,
        totalBytes: sizes.reduce((sum, size) => sum + size, 0),
      })
      const tally = Tally.empty()

      const fail = (feature: SourceFeature, outcome: "invalid" | "failed", reason: string) => {
        tally[outcome] += 1
        return report.add({ file: origin(feature), feature: feature.number, outcome, reason })
      }

      const check = (feature: SourceFeature) => ({
        feature,
        // What an earlier run imported passed the checks then: it is not checked again.
        draft: imported.has(SourceKey.of(feature)) ? undefined : ShapeDraft.fromFeature(feature, options),
      })

      const handle = (batch: ReadonlyArray<ReturnType<typeof check>>) =>
        Effect.gen(function* () {
          const toSend: Array<{ readonly feature: SourceFeature; readonly draft: ShapeDraft.ShapeDraft }> = []
          for (const { feature, draft } of batch) {
            if (draft === undefined) tally.existing += 1
            else if (Result.isFailure(draft)) yield* fail(feature, "invalid", draft.failure)
            else if (options.dryRun) tally.planned += 1
            else toSend.push({ feature, draft: draft.success })
          }
          if (toSend.length > 0) {
            const outcomes = yield* Effect.mapError(
              ShapeUpload.createBatch(
                client,
                toSend.map(({ draft }) => draft),
              ),
              refused,
            )
            for (const [i, outcome] of outcomes.entries()) {
              if (Result.isSuccess(outcome)) tally.created += 1
              else yield* fail(toSend[i]!.feature, "failed", outcome.failure)
            }
          }
          yield* progress.show(tally)
        })

      // Each file's features, and then the rest of its bytes: readers of archives and side
      // files count only part of what is on disk, and the progress must still reach 100%.
      const featuresOf = (file: FeatureSource.InputFile, size: number) => {
        let read = 0
        const onBytes = (bytes: number) => {
          read += bytes
          progress.read(bytes)
        }
        return FeatureSource.features(file, options, onBytes).pipe(
          Stream.onEnd(Effect.sync(() => progress.read(Math.max(0, size - read)))),
        )
      }

      yield* Stream.fromIterable(options.files.map((file, i) => ({ file, size: sizes[i] ?? 0 }))).pipe(
        Stream.flatMap(({ file, size }) => featuresOf(file, size)),
        Stream.map(check),
        Stream.grouped(options.batchSize),
        Stream.mapEffect(handle, { concurrency: options.concurrency, unordered: true }),
        Stream.runDrain,
      )
      yield* progress.end
      const ended = yield* Clock.currentTimeMillis
      return { tally, elapsed: Duration.millis(ended - started), reportPath: report.path }
    }),
  )
