/**
 * `/api/v4/session`: logging in, reading, rotating and revoking a session (docs/api.md, Signing
 * in).
 */
import { CurrentSession, Session, SessionCreate, SessionRotation } from "@fieldreport/domain/Session"
import { Schema } from "effect"
import { envelope, group } from "../Endpoint.ts"

/** The session endpoints. */
export const sessions = group({
  name: "Sessions",
  noun: "session",
  description:
    "Log in to a branded app with e-mail and password. The access token goes in " +
    "`Authorization: Token token=<access token>` (or `Bearer <access token>`); access tokens expire " +
    "(24 h by default), refresh tokens later (30 days by default). Personal API tokens (`frt_…`) are " +
    "for integrations: they never open or renew a session (`403`), and `DELETE` with one revokes it.",
  endpoints: [
    {
      method: "post",
      path: "/api/v4/session",
      operationId: "createSession",
      reach: "account",
      summary: "Log in",
      description:
        "Wrong credentials are `401`. Failed logins are throttled with `429` and `Retry-After` (the " +
        "seconds until an attempt is admitted; a refused attempt is not checked and not counted): " +
        "per e-mail and client address (`FIELDREPORT_LOGIN_ATTEMPTS`, 10 in 15 minutes by default), " +
        "per client address over all e-mail addresses (five times as many), and per e-mail from any " +
        "address by a growing wait (after 20 failures in 24 hours each further attempt waits 1 s after " +
        "the latest failure, doubling up to 15 minutes), which does not hold up the user at an address " +
        "they signed in from in the last 30 days. An API token in `Authorization` is `403`.",
      access: "public",
      body: envelope("session", SessionCreate),
      replies: { 201: { description: "The new session and its tokens.", schema: Session, root: "session" } },
      errors: [401, 403, 404, 422],
    },
    {
      method: "get",
      path: "/api/v4/session",
      operationId: "getSession",
      summary: "Read the current session",
      replies: {
        200: {
          description: "The session, without its tokens; for an API token no expiry and no client uuid.",
          schema: CurrentSession,
          root: "session",
        },
      },
    },
    {
      method: "patch",
      path: "/api/v4/session",
      operationId: "rotateSession",
      reach: "account",
      summary: "Rotate the session's tokens",
      description:
        "Both tokens are replaced; the old pair stops working at once. An API token in `Authorization` is `403`.",
      access: "public",
      body: envelope("session", SessionRotation),
      replies: { 200: { description: "The session with its new tokens.", schema: Session, root: "session" } },
      errors: [401, 403],
    },
    {
      method: "delete",
      path: "/api/v4/session",
      operationId: "deleteSession",
      reach: "read",
      summary: "Log out",
      description:
        "The session's token pair is revoked. With a personal API token, that token is revoked instead: it " +
        "stops working at once. Any token may end itself, a read-only one too.",
      replies: { 200: { description: "An empty object.", schema: Schema.Struct({}) } },
    },
  ],
})
