/**
 * `GET /api/v4/openapi.json`: this reference itself.
 */
import { Schema } from "effect"
import { group, one } from "../Endpoint.ts"

/** The reference endpoint. */
export const reference = group({
  name: "Reference",
  noun: "document",
  description: "This API reference as an OpenAPI 3.1 document; a page at `/docs` shows it.",
  endpoints: [
    {
      method: "get",
      path: "/api/v4/openapi.json",
      operationId: "getOpenApiDocument",
      summary: "Read the API reference",
      access: "public",
      replies: { 200: one(Schema.Record(Schema.String, Schema.Json), "The OpenAPI 3.1 document.") },
    },
  ],
})
