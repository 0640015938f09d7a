/**
 * `/api/v4/session`: logging in, reading, rotating and revoking a session (api-decisions §2).
 */
import { Session, SessionCreate, SessionRotation, SessionWithoutTokens } from "@fieldreport/domain/Session"
import { Schema } from "effect"
import { envelope, type Group } from "../Endpoint.ts"

/** The session endpoints. */
export const sessions: Group = {
  name: "Sessions",
  noun: "session",
  description:
    "Log in to a branded app with e-mail and password. The access token goes in " +
    "`Authorization: Token token=<access token>` (or `Bearer <access token>`); access tokens expire " +
    "(24 h by default), refresh tokens later (30 days by default).",
  endpoints: [
    {
      method: "post",
      path: "/api/v4/session",
      operationId: "createSession",
      summary: "Log in",
      description:
        "Wrong credentials are `401`; repeated failures per e-mail and per client address are `429`.",
      access: "public",
      body: envelope("session", SessionCreate),
      replies: { 201: { description: "The new session and its tokens.", schema: Session, root: "session" } },
      errors: [401, 404, 422],
    },
    {
      method: "get",
      path: "/api/v4/session",
      operationId: "getSession",
      summary: "Read the current session",
      replies: {
        200: {
          description: "The session, without its tokens.",
          schema: SessionWithoutTokens,
          root: "session",
        },
      },
    },
    {
      method: "patch",
      path: "/api/v4/session",
      operationId: "rotateSession",
      summary: "Rotate the session's tokens",
      description: "Both tokens are replaced; the old pair stops working at once.",
      access: "public",
      body: envelope("session", SessionRotation),
      replies: { 200: { description: "The session with its new tokens.", schema: Session, root: "session" } },
      errors: [401],
    },
    {
      method: "delete",
      path: "/api/v4/session",
      operationId: "deleteSession",
      summary: "Log out",
      description: "The session's token pair is revoked.",
      replies: { 200: { description: "An empty object.", schema: Schema.Struct({}) } },
    },
  ],
}
