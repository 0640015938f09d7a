/**
 * Fixtures for the report tests, made through the API: a channel form with a field of every type,
 * uploads, reports, and SQL reads of what the API does not show (rows, jobs, boxes).
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import sharp from "sharp"
import { expect } from "vitest"
import type { Person } from "./People.ts"
import type { Answer, TestServer } from "./TestServer.ts"

/** The keys of the fields of the test form, by what they ask. */
export interface TestForm {
  readonly category: string
  readonly what: string
  readonly description: string
  readonly when: string
  readonly checks: string
  readonly choice: string
  readonly info: string
  readonly photos: string
  readonly files: string
  readonly secret: string
  /** Option values of the CheckBox field, then of the DropDown field. */
  readonly checkOptions: ReadonlyArray<string>
  readonly choiceOptions: ReadonlyArray<string>
  /** The form fields as the form endpoint answers them. */
  readonly fields: ReadonlyArray<Record<string, unknown>>
}

const choices = (labels: ReadonlyArray<string>) =>
  JSON.stringify({ multi_select: false, options: labels.map((label) => ({ label })) })

/**
 * Puts a form with one field of every type on a channel, as its admin.
 *
 * @example
 * ```ts
 * const form = await putTestForm(server, world.owner, world.channel.id)
 * ```
 */
export const putTestForm = async (
  server: TestServer,
  admin: Person,
  channelId: number,
): Promise<TestForm> => {
  const answer = await server.request("PUT", `/api/v4/channels/${channelId}/form`, {
    token: admin.token,
    body: {
      form: {
        name: "Hazards",
        fields: [
          { label: "Category", field_type: "Category" },
          { label: "What", field_type: "ShortTextBox" },
          { label: "Description", field_type: "Description" },
          { label: "When", field_type: "DateAndTime" },
          { label: "Checks", field_type: "CheckBox", data: choices(["Gloves", "Mask", "Boots"]) },
          { label: "Choice", field_type: "DropDown", data: choices(["Low", "High"]) },
          { label: "<p>Take care</p>", field_type: "FreeText" },
          { label: "Photos", field_type: "Image" },
          { label: "Files", field_type: "FileUpload" },
          { label: "Secret", field_type: "ShortTextBox", field_visibility: "private" },
        ],
      },
    },
  })
  expect(answer.status).toBe(200)
  const fields: ReadonlyArray<Record<string, unknown>> = answer.body.fields
  const key = (label: string) => String(fields.find((field) => field.label === label)?.key)
  const options = (label: string): ReadonlyArray<string> =>
    JSON.parse(String(fields.find((field) => field.label === label)?.data)).options.map(
      (option: { value: string }) => option.value,
    )
  return {
    category: key("Category"),
    what: key("What"),
    description: key("Description"),
    when: key("When"),
    checks: key("Checks"),
    choice: key("Choice"),
    info: key("<p>Take care</p>"),
    photos: key("Photos"),
    files: key("Files"),
    secret: key("Secret"),
    checkOptions: options("Checks"),
    choiceOptions: options("Choice"),
    fields,
  }
}

/** A small png. */
export const png = (): Promise<Buffer> =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#3a7d44" } })
    .png()
    .toBuffer()

/** A minimal PDF. */
export const pdf = Buffer.from(
  "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
)

/**
 * Uploads a file as a person and answers the attachment record.
 *
 * @example
 * ```ts
 * const { id } = await upload(server, world.reporter, await png(), "spill.png")
 * ```
 */
export const upload = async (
  server: TestServer,
  person: Person,
  bytes: Uint8Array,
  filename: string,
): Promise<{ readonly id: number; readonly original_url: string }> => {
  const form = new FormData()
  form.append("file", new Blob([new Uint8Array(bytes)]), filename)
  const response = await fetch(`${server.url}/api/v4/file_attachments`, {
    method: "POST",
    headers: { Authorization: `Token token=${person.token}` },
    body: form,
  })
  expect(response.status).toBe(201)
  return (await response.json()) as { id: number; original_url: string }
}

/**
 * Files a report through `POST /api/v4/reports`.
 *
 * @example
 * ```ts
 * const answer = await postReport(server, world.reporter, { account_id: channel.id, address: "Quay St" })
 * ```
 */
export const postReport = (
  server: TestServer,
  person: Person,
  report: Record<string, unknown>,
  query = "",
): Promise<Answer> =>
  server.request("POST", `/api/v4/reports${query}`, { token: person.token, body: { report } })

/**
 * Runs a query on the server's database (for what the API does not show) and answers the rows.
 *
 * @example
 * ```ts
 * const [row] = await query(server, (sql) => sql`SELECT COUNT(*) AS n FROM reports`)
 * ```
 */
export const query = <A extends object>(
  server: TestServer,
  statement: (sql: SqlClient.SqlClient) => Effect.Effect<ReadonlyArray<A>, unknown>,
): Promise<ReadonlyArray<A>> =>
  server.runtime.runPromise(Effect.flatMap(Effect.service(SqlClient.SqlClient), statement).pipe(Effect.orDie))

/**
 * How many reports a channel holds.
 *
 * @example
 * ```ts
 * expect(await reportCount(server, channel.id)).toBe(before)
 * ```
 */
export const reportCount = async (server: TestServer, channelId: number): Promise<number> => {
  const [row] = await query<{ n: number }>(
    server,
    (sql) => sql`SELECT COUNT(*) AS n FROM reports WHERE channel_id = ${channelId}`,
  )
  return row?.n ?? 0
}

/**
 * The ids of the initial and other states of a channel, by name.
 *
 * @example
 * ```ts
 * const states = await statesOf(server, world.owner, channel.id) // { New: 4, "In progress": 5, Resolved: 6 }
 * ```
 */
export const statesOf = async (
  server: TestServer,
  person: Person,
  channelId: number,
): Promise<Readonly<Record<string, number>>> => {
  const answer = await server.request("GET", `/api/v4/report_states?channel_id=${channelId}`, {
    token: person.token,
  })
  return Object.fromEntries(answer.body.map((state: { id: number; name: string }) => [state.name, state.id]))
}
