/**
 * The whole API: every endpoint group in the order the reference shows them, each endpoint found by
 * its operation id, and the address of an endpoint with its path parameters filled in.
 */
import type { Endpoint } from "./Endpoint.ts"
import { administration } from "./endpoints/Administration.ts"
import { alertAreas } from "./endpoints/AlertAreas.ts"
import { analyticsGroup } from "./endpoints/Analytics.ts"
import { appAdministrators } from "./endpoints/AppAdministrators.ts"
import { attachments } from "./endpoints/Attachments.ts"
import { auditEvents } from "./endpoints/AuditEvents.ts"
import { brandedApps } from "./endpoints/BrandedApps.ts"
import { categories } from "./endpoints/Categories.ts"
import { channelSelections } from "./endpoints/ChannelSelections.ts"
import { channels } from "./endpoints/Channels.ts"
import { comments } from "./endpoints/Comments.ts"
import { deletedResources } from "./endpoints/DeletedResources.ts"
import { files } from "./endpoints/Files.ts"
import { forms } from "./endpoints/Forms.ts"
import { notifications } from "./endpoints/Notifications.ts"
import { passwordResets } from "./endpoints/PasswordResets.ts"
import { pins } from "./endpoints/Pins.ts"
import { reference } from "./endpoints/Reference.ts"
import { reportExports } from "./endpoints/ReportExports.ts"
import { reportSearches } from "./endpoints/ReportSearches.ts"
import { reportStates } from "./endpoints/ReportStates.ts"
import { reports } from "./endpoints/Reports.ts"
import { sessions } from "./endpoints/Sessions.ts"
import { shapes } from "./endpoints/Shapes.ts"
import { signUps } from "./endpoints/SignUps.ts"
import { tasks } from "./endpoints/Tasks.ts"
import { teamInvitations } from "./endpoints/TeamInvitations.ts"
import { teams } from "./endpoints/Teams.ts"
import { teamUsers } from "./endpoints/TeamUsers.ts"
import { users } from "./endpoints/Users.ts"

/** Every endpoint group, in the order the reference shows them. */
export const groups = [
  sessions,
  users,
  passwordResets,
  signUps,
  brandedApps,
  reports,
  reportSearches,
  reportExports,
  comments,
  attachments,
  files,
  tasks,
  alertAreas,
  analyticsGroup,
  teams,
  teamUsers,
  teamInvitations,
  shapes,
  channelSelections,
  channels,
  forms,
  categories,
  pins,
  reportStates,
  notifications,
  deletedResources,
  administration,
  appAdministrators,
  auditEvents,
  reference,
] as const

/** Any endpoint of the API, with its literal types. */
export type AnyEndpoint = (typeof groups)[number]["endpoints"][number]

/** The operation id of an endpoint: `getTask`, `listReportStates`, … */
export type OperationId = AnyEndpoint["operationId"]

/** The endpoint of an operation id. */
export type EndpointOf<Id extends OperationId> = Extract<AnyEndpoint, { readonly operationId: Id }>

const byOperationId: ReadonlyMap<string, Endpoint> = new Map(
  groups.flatMap((group) =>
    group.endpoints.map((endpoint): [string, Endpoint] => [endpoint.operationId, endpoint]),
  ),
)

/**
 * The endpoint of an operation id.
 *
 * @example
 * ```ts
 * endpoint("getTask").path // "/api/v4/tasks/{uuid}"
 * ```
 */
export const endpoint = <Id extends OperationId>(operationId: Id): EndpointOf<Id> =>
  byOperationId.get(operationId) as EndpointOf<Id>

/**
 * Where a path goes in the routing order: segment by segment, a literal segment before a parameter,
 * so `/api/v4/reports/search` is matched before `/api/v4/reports/{report_id}`.
 */
const routingKey = (path: string): string =>
  path
    .split("/")
    .map((segment) => (segment.startsWith("{") ? "\uffff" : segment))
    .join("/")

/** Every endpoint in the order a router tries them: a literal path segment before a parameter. */
export const routingOrder: ReadonlyArray<AnyEndpoint> = groups
  .flatMap((group): ReadonlyArray<AnyEndpoint> => group.endpoints)
  .toSorted((a, b) => {
    const [keyA, keyB] = [routingKey(a.path), routingKey(b.path)]
    return keyA < keyB ? -1 : keyA > keyB ? 1 : 0
  })

const patterns = routingOrder.map((endpoint) => ({
  endpoint,
  pattern: new RegExp(`^${endpoint.path.replace(/\{[^}]+\}/g, "[^/]+")}/?$`, "i"),
}))

/**
 * The endpoint a request reaches, matched as the router matches (any case, an optional trailing
 * slash, `HEAD` as the `GET` it answers like), or undefined.
 *
 * @example
 * ```ts
 * match("PATCH", "/api/v4/session")?.operationId // "rotateSession"
 * match("HEAD", "/api/v4/admin/users")?.operationId // "listUsers"
 * ```
 */
export const match = (method: string, path: string): AnyEndpoint | undefined => {
  const lower = method.toLowerCase() === "head" ? "get" : method.toLowerCase()
  return patterns.find(({ endpoint, pattern }) => endpoint.method === lower && pattern.test(path))?.endpoint
}

/** The names of a path template's parameters: `/a/{x}/b/{y}` → `"x" | "y"`. */
export type PathParameterNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParameterNames<Rest>
  : never

/** The values of a path template's parameters. */
export type PathValues<Path extends string> = { readonly [Name in PathParameterNames<Path>]: string | number }

/**
 * The address of an endpoint, its path parameters filled in and encoded.
 *
 * @example
 * ```ts
 * href("getTask", { uuid: "3ffeef7c-0f73-4e82-b39e-5a55cce0daef" }) // "/api/v4/tasks/3ffeef7c-…"
 * ```
 */
export const href = <Id extends OperationId>(
  operationId: Id,
  values: PathValues<EndpointOf<Id>["path"]>,
): string => {
  const parts = templateOf(endpoint(operationId).path)
  let address = parts[0] as string
  for (let i = 1; i < parts.length; i += 2) {
    const value = (values as Readonly<Record<string, string | number>>)[parts[i] as string]
    address += segmentOf(value as string | number) + (parts[i + 1] as string)
  }
  return address
}

/**
 * A path template cut at its parameters, once per template (a search's map items make a few
 * addresses each): literal, name, literal, …, literal.
 */
const templates = new Map<string, ReadonlyArray<string>>()
const templateOf = (path: string): ReadonlyArray<string> => {
  let parts = templates.get(path)
  if (parts === undefined) {
    parts = path.split(/\{([^}]+)\}/)
    templates.set(path, parts)
  }
  return parts
}

/** A path parameter's value, encoded; `@` may stand in a segment unencoded (RFC 3986), as in pin files. */
const segmentOf = (value: string | number): string => {
  const encoded = encodeURIComponent(String(value))
  return encoded.includes("%40") ? encoded.replaceAll("%40", "@") : encoded
}
