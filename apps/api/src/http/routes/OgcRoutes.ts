/**
 * The OGC API – Features service at `/ogc/features` (docs/api.md, OGC API – Features): read-only,
 * outside `/api/v4`, with its own API definition (`/ogc/features/api`), for GIS tools.
 *
 * - `GET /ogc/features`, `/conformance`, `/api`: the landing page, the conformance classes and the
 *   API definition, the same for everyone, without credentials.
 * - `GET /ogc/features/collections`, `/collections/{collectionId}`: the collections the caller reads.
 * - `GET /ogc/features/collections/{collectionId}/items`: a page of features (`application/geo+json`),
 *   streamed as it is read; `/items/{featureId}`: one feature.
 *
 * The caller authenticates as everywhere (`Authorization: Token token=…`), or with HTTP Basic, any
 * user name and a token as the password, since GIS tools offer nothing else; these routes alone
 * read Basic. A `401` here challenges for Basic too, so those tools ask for the password.
 */
import * as OgcCollectionId from "@fieldreport/domain/OgcCollectionId"
import * as OgcCursor from "@fieldreport/domain/OgcCursor"
import * as OgcLinks from "@fieldreport/domain/OgcLinks"
import * as OgcQuery from "@fieldreport/domain/OgcQuery"
import { DateTime, Effect, Exit } from "effect"
import { type Request, Router } from "express"
import type { AppServices } from "../../AppLayer.ts"
import { NotFound } from "../../Errors.ts"
import { apiDocument } from "../../presentation/OgcApiDocument.ts"
import {
  collectionBody,
  collectionsBody,
  conformance,
  featureBody,
  featuresEnd,
  featuresPart,
  landingPage,
} from "../../presentation/OgcView.ts"
import { Authentication } from "../../services/Authentication.ts"
import { type OgcFeature, OgcFeatures } from "../../services/OgcFeatures.ts"
import { fromFailure, type HttpFailure } from "../Problem.ts"
import { baseUrlOf } from "../Request.ts"
import { json, type Reply, type Route } from "../Route.ts"
import { finish, sent, writeText } from "../StreamedText.ts"

/** Where the service lives below the API's address. */
const mount = "/ogc/features"

const serviceBase = (req: Request) => Effect.map(baseUrlOf(req), (url) => `${url}${mount}`)

/** The caller, from a token or from HTTP Basic with a token as the password. */
const ogcActor = (req: Request) =>
  Effect.flatMap(Effect.service(Authentication), (auth) => auth.authenticate(req.headers, { basic: true }))

/** The challenge of a `401` here: Basic first, which browsers and GIS tools answer, then the API's own. */
const challenge = 'Basic realm="fieldreport", charset="UTF-8", Token realm="api"'

/** A `401` that names Basic as well as the API's token scheme. */
const challenged = <R>(handler: Effect.Effect<Reply, HttpFailure, R>): Effect.Effect<Reply, HttpFailure, R> =>
  Effect.catchTag(handler, "Unauthorized", (failure) => {
    const problem = fromFailure(failure)
    return Effect.succeed({
      status: problem.status,
      body: problem.body,
      headers: {
        ...problem.headers,
        "WWW-Authenticate": challenge,
        "Content-Type": "application/problem+json",
      },
    })
  })

const query = (req: Request) => req.query as Readonly<Record<string, unknown>>

/** The collection the path names; a name that is no collection's is `404`, as an unreadable one. */
const collectionOf = (req: Request) => {
  const id = OgcCollectionId.parse(String(req.params.collectionId))
  return id === undefined ? Effect.fail(new NotFound({ resource: "collection" })) : Effect.succeed(id)
}

const typed = (body: unknown, mediaType: string): Reply => json(body, 200, { "Content-Type": mediaType })

/**
 * Writes a page of features as the service reads it, a chunk at a time; a failure after the first
 * chunk cuts the response short, a client that left ends it quietly.
 */
const streamItems = (req: Request) =>
  Effect.gen(function* () {
    const actor = yield* ogcActor(req)
    const id = yield* collectionOf(req)
    const items = yield* Effect.fromResult(OgcQuery.items(query(req), id.kind))
    const base = yield* serviceBase(req)
    const res = req.res
    if (res === undefined) return yield* Effect.die("the request has no response")
    const head = { status: 200, headers: { "Content-Type": OgcLinks.mediaTypes.geojson } }
    let empty = true
    const write = (features: ReadonlyArray<OgcFeature>) => {
      if (features.length === 0) return Effect.void
      const part = featuresPart(features, empty)
      empty = false
      return writeText(res, part, head)
    }
    const collectionId = OgcCollectionId.format(id)
    const streaming = Effect.gen(function* () {
      const page = yield* (yield* OgcFeatures).items(actor, id, items, write)
      const links = OgcLinks.items(
        base,
        collectionId,
        items.parameters,
        items.after === undefined ? undefined : OgcCursor.encode(items.after),
        page.nextCursor,
      )
      const timeStamp = DateTime.formatIso(yield* DateTime.now)
      yield* writeText(res, featuresEnd({ ...page, timeStamp, links }, empty), head)
      return sent
    })
    return yield* streaming.pipe(
      Effect.onExit((exit) => finish(res, Exit.isSuccess(exit))),
      Effect.catchTag("ClientGone", () => Effect.succeed(sent)),
    )
  })

/**
 * The OGC routes.
 *
 * @example
 * ```ts
 * app.use(ogcRoutes(route))
 * ```
 */
export const ogcRoutes = (route: Route<AppServices>): Router => {
  const router = Router()
  router.get(
    mount,
    route((req) =>
      Effect.gen(function* () {
        yield* Effect.fromResult(OgcQuery.page(query(req)))
        return typed(landingPage(yield* serviceBase(req)), OgcLinks.mediaTypes.json)
      }),
    ),
  )
  router.get(
    `${mount}/conformance`,
    route((req) =>
      Effect.gen(function* () {
        yield* Effect.fromResult(OgcQuery.page(query(req)))
        return typed(conformance(yield* serviceBase(req)), OgcLinks.mediaTypes.json)
      }),
    ),
  )
  router.get(
    `${mount}/api`,
    route((req) =>
      Effect.gen(function* () {
        yield* Effect.fromResult(OgcQuery.page(query(req)))
        return typed(apiDocument(yield* serviceBase(req)), OgcLinks.mediaTypes.openapi)
      }),
    ),
  )
  router.get(
    `${mount}/collections`,
    route((req) =>
      challenged(
        Effect.gen(function* () {
          const actor = yield* ogcActor(req)
          yield* Effect.fromResult(OgcQuery.page(query(req)))
          const collections = yield* (yield* OgcFeatures).collections(actor)
          return typed(collectionsBody(yield* serviceBase(req), collections), OgcLinks.mediaTypes.json)
        }),
      ),
    ),
  )
  router.get(
    `${mount}/collections/:collectionId`,
    route((req) =>
      challenged(
        Effect.gen(function* () {
          const actor = yield* ogcActor(req)
          const id = yield* collectionOf(req)
          yield* Effect.fromResult(OgcQuery.page(query(req)))
          const collection = yield* (yield* OgcFeatures).collection(actor, id)
          return typed(collectionBody(yield* serviceBase(req), collection), OgcLinks.mediaTypes.json)
        }),
      ),
    ),
  )
  router.get(
    `${mount}/collections/:collectionId/items`,
    route((req) => challenged(streamItems(req))),
  )
  router.get(
    `${mount}/collections/:collectionId/items/:featureId`,
    route((req) =>
      challenged(
        Effect.gen(function* () {
          const actor = yield* ogcActor(req)
          const id = yield* collectionOf(req)
          yield* Effect.fromResult(OgcQuery.feature(query(req)))
          const featureId = String(req.params.featureId)
          if (!/^\d{1,15}$/.test(featureId)) return yield* new NotFound({ resource: "feature" })
          const feature = yield* (yield* OgcFeatures).item(actor, id, Number(featureId))
          return typed(
            featureBody(yield* serviceBase(req), OgcCollectionId.format(id), feature),
            OgcLinks.mediaTypes.geojson,
          )
        }),
      ),
    ),
  )
  return router
}
