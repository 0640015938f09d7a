/**
 * What a call of an endpoint sends and what it answers, as types derived from the endpoint's entry:
 * the client's calls are typed by these, so a call that the declaration does not allow does not
 * compile.
 */
import type { Schema } from "effect"
import type { AnyEndpoint, EndpointOf, OperationId, PathParameterNames, PathValues } from "./Api.ts"

/** A query value: lists are sent as repeated parameters (`ids[]=1&ids[]=2`). */
export type QueryValue = string | number | boolean | ReadonlyArray<string | number> | undefined

type QueryNames<E> = E extends { readonly query: ReadonlyArray<{ readonly name: infer Name extends string }> }
  ? Name
  : never

/** What one form of body is sent as: a JSON value, or the form data of an upload. */
type SentBody<B> = B extends {
  readonly _tag: "json"
  readonly root: infer Root
  readonly schema: infer S extends Schema.Top
}
  ? Root extends string
    ? { readonly [K in Root]: S["Encoded"] }
    : S["Encoded"]
  : FormData

type BodyOf<E> = E extends { readonly body: infer B }
  ? B extends { readonly _tag: "oneOf"; readonly bodies: ReadonlyArray<infer Each> }
    ? SentBody<Each>
    : SentBody<B>
  : never

/** The path parameters, query, body and extra headers a call of an endpoint sends. */
export type Input<E extends AnyEndpoint> = ([PathParameterNames<E["path"]>] extends [never]
  ? { readonly path?: undefined }
  : { readonly path: PathValues<E["path"]> }) &
  ([QueryNames<E>] extends [never]
    ? { readonly query?: undefined }
    : { readonly query?: { readonly [Name in QueryNames<E>]?: QueryValue } }) &
  ([BodyOf<E>] extends [never] ? { readonly body?: undefined } : { readonly body: BodyOf<E> }) & {
    readonly headers?: Readonly<Record<string, string>>
  }

/** The decoded body of one reply, each record read with `Item` when given. */
export type ReplyBody<R, Item extends Schema.Top | undefined = undefined> = R extends {
  readonly schema: infer S extends Schema.Top
}
  ? R extends { readonly list: true }
    ? R extends { readonly root: infer Root extends string }
      ? { readonly [K in Root]: ReadonlyArray<Decoded<Item, S>> }
      : ReadonlyArray<Decoded<Item, S>>
    : R extends { readonly root: infer Root extends string }
      ? { readonly [K in Root]: Decoded<Item, S> }
      : Decoded<Item, S>
  : R extends { readonly media: ReadonlyArray<string> }
    ? Blob
    : undefined

type Decoded<Item, S extends Schema.Top> = Item extends Schema.Top ? Item["Type"] : S["Type"]

/** What a call of an endpoint answers: one member per success status it declares. */
export type Answer<E extends AnyEndpoint, Item extends Schema.Top | undefined = undefined> = {
  readonly [Status in keyof E["replies"]]: {
    readonly status: Status
    readonly body: ReplyBody<E["replies"][Status], Item>
    readonly headers: Headers
  }
}[keyof E["replies"]]

/** The input of an operation. */
export type InputOf<Id extends OperationId> = Input<EndpointOf<Id>>

/** The answer of an operation. */
export type AnswerOf<Id extends OperationId, Item extends Schema.Top | undefined = undefined> = Answer<
  EndpointOf<Id>,
  Item
>

/** The operations that answer pages of records, chosen with `Range`. */
export type PagedOperationId = {
  readonly [Id in OperationId]: Extract<
    EndpointOf<Id>["replies"][keyof EndpointOf<Id>["replies"]],
    {
      readonly paginated: true
    }
  > extends never
    ? never
    : Id
}[OperationId]
