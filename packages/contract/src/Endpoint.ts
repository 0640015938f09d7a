/**
 * The vocabulary of the endpoint tables (`endpoints/*.ts`): one plain record per endpoint (docs/api.md
 * explains them), naming its domain Schemas. The API registers its routes from the tables and writes
 * its OpenAPI document from them; the client derives each call's input and answer from them. What
 * every endpoint shares (authentication, the `X-AppId` and `X-TeamId` headers, path parameters,
 * problem responses) is derived there, so an entry says only what is particular to its endpoint.
 *
 * The helpers keep their arguments' types (a root's name, a Schema) so that the client can type a
 * call from its entry.
 */
import type * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import type * as OrderBy from "@fieldreport/domain/OrderBy"
import { Schema } from "effect"

/** An HTTP method the API answers. */
export type Method = "get" | "post" | "put" | "patch" | "delete"

/**
 * Who may call an endpoint: anyone (`public`), an authenticated user (`user`), or a platform
 * administrator (`admin`).
 */
export type Access = "public" | "user" | "admin"

/**
 * An error status an entry names beyond the ones every endpoint of its kind has (see `Document`).
 *
 * @example
 * ```ts
 * const errors: ReadonlyArray<ErrorStatus> = [409]
 * ```
 */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503

/**
 * A query parameter, its value described by a Schema.
 *
 * @example
 * ```ts
 * const complete: QueryParameter = { name: "complete", schema: Schema.Boolean, description: "Only (un)completed tasks." }
 * ```
 */
export interface QueryParameter<Name extends string = string> {
  readonly name: Name
  readonly schema: Schema.Top
  readonly description: string
  readonly required?: boolean
}

/** A path parameter that is not a record id. */
export interface PathParameter {
  readonly schema: Schema.Top
  readonly description: string
}

/**
 * A JSON request body: the Schema of the member `root` of the body (`{report: ReportCreate}`), or
 * of the whole body when there is no `root`. With `form`, the same fields are also taken as an HTML
 * form (`application/x-www-form-urlencoded`), flat text fields, as some older clients send them.
 */
export interface JsonBody<
  Root extends string | undefined = string | undefined,
  S extends Schema.Top = Schema.Top,
> {
  readonly _tag: "json"
  readonly root: Root
  readonly schema: S
  readonly form?: boolean
}

/**
 * A `multipart/form-data` upload with one `file` part, after the text `fields` it names (name and
 * description), when it has any.
 */
export interface UploadBody {
  readonly _tag: "upload"
  readonly fields?: Readonly<Record<string, string>>
}

/**
 * A body the endpoint takes in any of several forms, told apart by the request's `Content-Type`
 * (a file upload, or a JSON body naming a file uploaded elsewhere).
 */
export interface OneOfBodies<
  Bodies extends ReadonlyArray<JsonBody | UploadBody> = ReadonlyArray<JsonBody | UploadBody>,
> {
  readonly _tag: "oneOf"
  readonly bodies: Bodies
}

/** A request body. */
export type Body = JsonBody | UploadBody | OneOfBodies

/**
 * A successful reply. Without `schema` it has no body (`204`), or, with `media`, a body that is not
 * JSON (an image, a file).
 *
 * - `root`: the record sits under this member (`{session: Session}`);
 * - `list`: a JSON array of records; `paginated`: an array paged with `Range`;
 * - `location`: the reply carries a `Location` header naming the new record;
 * - `media`: the media types of a body that is not JSON.
 */
export interface Reply<S extends Schema.Top = Schema.Top> {
  readonly description: string
  readonly schema?: S
  readonly root?: string
  readonly list?: boolean
  readonly paginated?: boolean
  readonly location?: boolean
  readonly media?: ReadonlyArray<string>
}

/**
 * One endpoint. `path` is an OpenAPI template (`/api/v4/reports/{report_id}`): its parameters are
 * declared from the template, so entries never repeat them.
 *
 * @example
 * ```ts
 * const fetchTeam: Endpoint = {
 *   method: "get", path: "/api/v4/teams/{team_id}", operationId: "getTeam", summary: "Fetch a team",
 *   query: [fields(FieldCatalogue.team)], replies: { 200: one(Team, "The team.") },
 * }
 * ```
 */
export interface Endpoint {
  readonly method: Method
  readonly path: string
  readonly operationId: string
  readonly summary: string
  readonly description?: string
  /** `user` when absent. */
  readonly access?: Access
  /**
   * What an API token needs to call it, when the method alone does not say: `account` when the
   * endpoint acts on the account or the platform (opening a session, the administration), which
   * API tokens never reach whatever their scope; `read` when a change grants nothing (ending the
   * credential in hand), which every token may do; `write` when a read grants a change (an upload
   * authorization), which a read-only token may not have.
   */
  readonly reach?: "read" | "write" | "account"
  /** `required` when the endpoint needs `X-AppId` (shapes); otherwise it is optional. */
  readonly appHeader?: "required"
  /**
   * Path parameters that are not record ids, by name; every other parameter of the template is a
   * positive integer id (a UUID when named `uuid`).
   */
  readonly pathParameters?: Readonly<Record<string, PathParameter>>
  readonly query?: ReadonlyArray<QueryParameter>
  readonly body?: Body
  readonly replies: Readonly<Record<number, Reply>>
  readonly errors?: ReadonlyArray<ErrorStatus>
}

/**
 * A resource group: one tag of the reference and the endpoints under it. `noun` names the record
 * an `{id}` or `{uuid}` path parameter of the group identifies.
 *
 * @example
 * ```ts
 * const teams: Group = { name: "Teams", noun: "team", description: "…", endpoints: [fetchTeam] }
 * ```
 */
export interface Group<Endpoints extends ReadonlyArray<Endpoint> = ReadonlyArray<Endpoint>> {
  readonly name: string
  readonly noun: string
  readonly description: string
  readonly endpoints: Endpoints
}

/**
 * Declares a group, keeping each entry's literal types (operation id, path, Schemas) for the client.
 *
 * @example
 * ```ts
 * export const teams = group({ name: "Teams", noun: "team", description: "…", endpoints: [fetchTeam] })
 * ```
 */
export const group = <const Endpoints extends ReadonlyArray<Endpoint>>(
  declared: Group<Endpoints>,
): Group<Endpoints> => declared

/**
 * A body under a member named `root`, the API's usual envelope.
 *
 * @example
 * ```ts
 * envelope("report", ReportCreate) // {"report": {...}}
 * ```
 */
export const envelope = <const Root extends string, S extends Schema.Top>(
  root: Root,
  schema: S,
): JsonBody<Root, S> => ({ _tag: "json", root, schema })

/**
 * A body with no envelope.
 *
 * @example
 * ```ts
 * bare(AddUsersToTeamChannels) // {"users": [...], "channels": [...]}
 * ```
 */
export const bare = <S extends Schema.Top>(schema: S): JsonBody<undefined, S> => ({
  _tag: "json",
  root: undefined,
  schema,
})

/**
 * A body with no envelope, taken as JSON or as an HTML form of text fields.
 *
 * @example
 * ```ts
 * bareOrForm(PasswordUpdateWithToken) // {"email": …} or email=…&reset_token=…
 * ```
 */
export const bareOrForm = <S extends Schema.Top>(schema: S): JsonBody<undefined, S> => ({
  _tag: "json",
  root: undefined,
  schema,
  form: true,
})

/** The file upload body. */
export const upload: UploadBody = { _tag: "upload" }

/**
 * A file upload whose form carries text fields before the file.
 *
 * @example
 * ```ts
 * uploadForm({ key: "Where the file is kept.", policy: "The signed policy." })
 * ```
 */
export const uploadForm = (fields: Readonly<Record<string, string>>): UploadBody => ({
  _tag: "upload",
  fields,
})

/**
 * A body in any of the given forms, told apart by its `Content-Type`.
 *
 * @example
 * ```ts
 * oneOf([upload, envelope("file_attachment", FileAttachmentKey)]) // a file, or {"file_attachment": {"key": …}}
 * ```
 */
export const oneOf = <const Bodies extends ReadonlyArray<JsonBody | UploadBody>>(
  bodies: Bodies,
): OneOfBodies<Bodies> => ({ _tag: "oneOf", bodies })

/**
 * A reply with one record.
 *
 * @example
 * ```ts
 * one(Team, "The team.")
 * ```
 */
export const one = <S extends Schema.Top>(schema: S, description: string) => ({ description, schema })

/**
 * A `201` reply with the new record and its `Location`.
 *
 * @example
 * ```ts
 * created(Team, "The new team; the creator is its owner.")
 * ```
 */
export const created = <S extends Schema.Top>(schema: S, description: string) => ({
  description,
  schema,
  location: true as const,
})

/**
 * A reply with a JSON array of records, not paged.
 *
 * @example
 * ```ts
 * many(Team, "The teams of the current branded app the user belongs to.")
 * ```
 */
export const many = <S extends Schema.Top>(schema: S, description: string) => ({
  description,
  schema,
  list: true as const,
})

/**
 * A reply with one page of records, chosen with the `Range` header.
 *
 * @example
 * ```ts
 * page(Task, "The current user's tasks.")
 * ```
 */
export const page = <S extends Schema.Top>(schema: S, description: string) => ({
  description,
  schema,
  list: true as const,
  paginated: true as const,
})

/**
 * A `204 No Content` reply.
 *
 * @example
 * ```ts
 * const replies = { 204: done("Deleted.") }
 * ```
 */
export const done = (description: string) => ({ description })

/**
 * A reply whose body is not JSON.
 *
 * @example
 * ```ts
 * const replies = { 200: media(["image/png"], "The pin image.") }
 * ```
 */
export const media = (types: ReadonlyArray<string>, description: string) => ({ description, media: types })

/**
 * The `fields` parameter of a resource, described from the resource's field catalogue so the
 * reference names exactly the fields the server renders.
 *
 * @example
 * ```ts
 * fields(FieldCatalogue.team) // "… Default: id, feature_tasks_enabled, … Optional: is_manager_of, is_owner_of."
 * ```
 */
export const fields = (catalogue: FieldCatalogue.FieldCatalogue): QueryParameter<"fields"> => {
  const named = (presence: FieldCatalogue.Presence) =>
    catalogue.fields.filter((field) => field.presence === presence).map((field) => field.names[0])
  const list = (title: string, names: ReadonlyArray<string | undefined>) =>
    names.length === 0 ? [] : [`${title}: ${names.join(", ")}.`]
  const how =
    catalogue.selection === "adds"
      ? "Comma-separated field names: a name adds an optional field, `-name` removes a default one."
      : "Comma-separated field names: naming any field renders exactly the named ones instead of the defaults."
  return {
    name: "fields",
    schema: Schema.String,
    description: [
      how,
      ...list("Always", named("always")),
      ...list("Default", named("default")),
      ...list("Optional", named("optional")),
      ...(catalogue.required.length === 0
        ? []
        : [`When given, it must name ${catalogue.required.join(", ")}.`]),
      "Unknown names are ignored and listed in the `X-Ignored-Fields` response header.",
    ].join(" "),
  }
}

/**
 * The `orderby` parameter of a list, described from the list's ordering.
 *
 * @example
 * ```ts
 * orderby(OrderBy.tasks) // "… <field> <direction> … fields client_created_at, completed_at …"
 * ```
 */
export const orderby = (ordering: OrderBy.Ordering<string>): QueryParameter<"orderby"> => ({
  name: "orderby",
  schema: Schema.String,
  description:
    `${ordering.maxClauses === 1 ? "One clause" : `Up to ${ordering.maxClauses} clauses, joined with commas,`} ` +
    `\`<field> <direction>\`; fields ${ordering.fields.join(", ")}; directions asc, desc. ` +
    "Anything else is `400` naming the allowed values.",
})

/**
 * A query parameter.
 *
 * @example
 * ```ts
 * query("report_id", Schema.Int, "Only tasks about this report.")
 * ```
 */
export const query = <const Name extends string>(
  name: Name,
  schema: Schema.Top,
  description: string,
  required = false,
): QueryParameter<Name> => ({ name, schema, description, required })

/**
 * A record id in a query parameter: a positive integer.
 *
 * @example
 * ```ts
 * query("team_id", RecordId, "Only the channels of this team.")
 * ```
 */
export const RecordId = Schema.Int.check(Schema.isGreaterThan(0))
