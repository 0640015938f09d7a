/**
 * A report search's text (`filter[q]`, migration 0030), on every engine: the pieces kept as
 * reports, notes and comments are written, changed and deleted, and filled by the migration from
 * what was written before it; a report matches when each word begins a word of what the searcher
 * may read of it (private answers and internal notes only for those who see them); relevance
 * orders the matches; whatever a person types is only ever words.
 */
import { assert, describe, layer } from "@effect/vitest"
import * as SearchText from "@fieldreport/domain/SearchText"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { noCriteria, ReportSearchStore, type Selection } from "../../../src/store/ReportSearchStore.ts"
import type { Reader } from "../../../src/store/ReportTextSearch.ts"
import reportTexts from "../../../src/store/sql/migrations/0030_report_texts.ts"
import { engines, migratedDatabase } from "../../support/TestDatabase.ts"
import { type Channel, newChannel, newField, newReport, newUser } from "./Tenancy.ts"

const at = (day: number) => `2025-06-${String(day).padStart(2, "0")}T00:00:00.000Z`

/** A channel whose form asks two text questions (one private), a choice and a date; its reports. */
const setUp = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const channel = yield* newChannel
  yield* newField(channel, "what", "ShortTextBox")
  yield* newField(channel, "story", "Description")
  yield* newField(channel, "secret", "ShortTextBox")
  yield* newField(channel, "choice", "DropDown")
  yield* newField(channel, "when", "DateAndTime")
  yield* sql`UPDATE form_fields SET field_visibility = 'private'
    WHERE channel_id = ${channel.channelId} AND key = 'secret'`
  const reporterId = yield* newUser("Rua", "Reporter")
  const otherId = yield* newUser("Oti", "Other")
  const staffId = yield* newUser("Sam", "Staff")
  const titled = (title: string, address: string, answers: Record<string, unknown>, day: number) =>
    Effect.gen(function* () {
      const id = yield* newReport(channel, reporterId, at(day), answers)
      yield* sql`UPDATE reports SET title = ${title}, address = ${address} WHERE id = ${id}`
      return id
    })
  const oil = yield* titled(
    "Oil sheen on the river",
    "Lambton Quay",
    { what: "Diesel smell", story: "Rainbow film near the outlet", choice: "f_1_2_3_4_5", when: at(1) },
    1,
  )
  const pipe = yield* titled("Broken pipe", "", { secret: "kerosene leak" }, 2)
  const wall = yield* titled("Graffiti", "Cuba Street", {}, 3)
  const note = (comment: string, isPublic: boolean) =>
    sql<{ readonly id: number }>`INSERT INTO note_comments ${sql.insert({
      report_id: wall,
      channel_id: channel.channelId,
      user_id: staffId,
      comment,
      public: isPublic ? 1 : 0,
      created_at: at(4),
    })} RETURNING id`.pipe(Effect.map((rows) => rows[0]!.id))
  const internalNote = yield* note("Arsonist suspected", false)
  const publicNote = yield* note("Council notified", true)
  const [comment] = yield* sql<{ readonly id: number }>`INSERT INTO report_comments ${sql.insert({
    report_id: wall,
    channel_id: channel.channelId,
    user_id: otherId,
    uuid: crypto.randomUUID(),
    content: "Thanks for fixing it!",
    created_at: at(4),
  })} RETURNING id`
  const readers = {
    reporter: { userId: reporterId, staffChannelIds: [] },
    other: { userId: otherId, staffChannelIds: [] },
    staff: { userId: staffId, staffChannelIds: [channel.channelId] },
  } satisfies Record<string, Reader>
  return { channel, oil, pipe, wall, internalNote, publicNote, commentId: comment!.id, readers }
}).pipe(Effect.orDie)

/** The ids of the reports of the channel a search finds, in its order. */
const search = (
  channel: Channel,
  reader: Reader,
  criteria: { readonly filter?: string; readonly exclude?: string },
  order: ReadonlyArray<{ readonly field: "relevance" | "id"; readonly direction: "asc" | "desc" }> = [
    { field: "id", direction: "asc" },
  ],
) =>
  Effect.gen(function* () {
    const store = yield* ReportSearchStore
    const words = (text: string | undefined) => (text === undefined ? undefined : SearchText.words(text))
    const selection: Selection = {
      channelIds: [channel.channelId],
      filter: { ...noCriteria, words: words(criteria.filter) },
      exclude: { ...noCriteria, words: words(criteria.exclude) },
      reader,
    }
    const id = yield* store.insert({
      user_id: reader.userId,
      branded_app_id: channel.appId,
      team_id: channel.teamId,
      parameters: "{}",
      created_at: at(10),
      expires_at: at(11),
    })
    yield* store.run(id, selection, order)
    return yield* store.reportIds(id, { start: 0, end: 99 }, [channel.channelId])
  })

/** The pieces kept for a report, as `kind source internal: body`. */
const piecesOf = (reportId: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<{
      readonly kind: string
      readonly source: string
      readonly internal: number
      readonly body: string
    }>`SELECT kind, source, internal, body FROM report_texts WHERE report_id = ${reportId} ORDER BY kind, source`
    return rows.map((row) => `${row.kind} ${row.source} ${Number(row.internal)}: ${row.body}`)
  }).pipe(Effect.orDie)

/** On SQLite, FTS5's own check that its index holds exactly the pieces' text. */
const indexIsWhole = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql.onDialectOrElse({
    sqlite: () => sql`INSERT INTO report_text_index (report_text_index) VALUES ('integrity-check')`,
    orElse: () => Effect.void,
  })
}).pipe(Effect.orDie)

describe("report text search", () => {
  for (const engine of engines) {
    layer(ReportSearchStore.layer.pipe(Layer.provideMerge(migratedDatabase(engine))))(engine, (it) => {
      it.effect("keeps a piece per report, text answer, note and comment", () =>
        Effect.gen(function* () {
          const { oil, pipe, wall, internalNote, publicNote, commentId } = yield* setUp
          // The choice's option value, the date and the empty address are not text anyone wrote.
          assert.deepStrictEqual(yield* piecesOf(oil), [
            "answer story 0: Rainbow film near the outlet",
            "answer what 0: Diesel smell",
            "report  0: Oil sheen on the river Lambton Quay",
          ])
          assert.deepStrictEqual(yield* piecesOf(pipe), [
            "answer secret 0: kerosene leak",
            "report  0: Broken pipe ",
          ])
          assert.deepStrictEqual(yield* piecesOf(wall), [
            `comment ${commentId} 0: Thanks for fixing it!`,
            `note ${internalNote} 1: Arsonist suspected`,
            `note ${publicNote} 0: Council notified`,
            "report  0: Graffiti Cuba Street",
          ])
          yield* indexIsWhole
        }),
      )

      it.effect("finds reports whose readable text begins a word with each word, in any piece", () =>
        Effect.gen(function* () {
          const { channel, oil, pipe, wall, readers } = yield* setUp
          const { other } = readers
          assert.deepStrictEqual(yield* search(channel, other, { filter: "oil" }), [oil])
          assert.deepStrictEqual(yield* search(channel, other, { filter: "OIL quay dies" }), [oil])
          assert.deepStrictEqual(yield* search(channel, other, { filter: "rainbow outlet" }), [oil])
          assert.deepStrictEqual(yield* search(channel, other, { filter: "oil pipe" }), [])
          assert.deepStrictEqual(yield* search(channel, other, { filter: "council thank graf" }), [wall])
          assert.deepStrictEqual(yield* search(channel, other, { filter: "broken" }), [pipe])
          assert.deepStrictEqual(yield* search(channel, other, { exclude: "oil" }), [pipe, wall])
          assert.deepStrictEqual(yield* search(channel, other, { filter: "street", exclude: "arsonist" }), [
            wall,
          ])
          // Inside a word is not the beginning of one.
          assert.deepStrictEqual(yield* search(channel, other, { filter: "heen" }), [])
        }),
      )

      it.effect("counts private answers and internal notes only for those who may read them", () =>
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const { channel, oil, pipe, wall, readers } = yield* setUp
          const { reporter, other, staff } = readers
          for (const [reader, pipes, walls] of [
            [other, [], []],
            [reporter, [pipe], []],
            [staff, [pipe], [wall]],
          ] as const) {
            assert.deepStrictEqual(yield* search(channel, reader, { filter: "kerosene" }), pipes)
            assert.deepStrictEqual(yield* search(channel, reader, { filter: "arsonist" }), walls)
            // Nor leave a report out for words they cannot read.
            assert.deepStrictEqual(yield* search(channel, reader, { exclude: "arsonist kerosene" }), [
              oil,
              pipe,
              wall,
            ])
            assert.deepStrictEqual(
              yield* search(channel, reader, { exclude: "arsonist" }),
              walls.length === 0 ? [oil, pipe, wall] : [oil, pipe],
            )
          }
          // A field made private hides its answers at once; a removed field's from everyone.
          yield* sql`UPDATE form_fields SET field_visibility = 'private'
            WHERE channel_id = ${channel.channelId} AND key = 'what'`
          assert.deepStrictEqual(yield* search(channel, other, { filter: "diesel" }), [])
          assert.deepStrictEqual(yield* search(channel, reporter, { filter: "diesel" }), [oil])
          assert.deepStrictEqual(yield* search(channel, staff, { filter: "diesel" }), [oil])
          yield* sql`UPDATE form_fields SET removed = 1 WHERE channel_id = ${channel.channelId} AND key = 'story'`
          assert.deepStrictEqual(yield* search(channel, staff, { filter: "rainbow" }), [])
          // A note made public is there for everyone.
          yield* sql`UPDATE note_comments SET public = 1 WHERE report_id = ${wall}`
          assert.deepStrictEqual(yield* search(channel, other, { filter: "arsonist" }), [wall])
        }).pipe(Effect.orDie),
      )

      it.effect("follows reports, notes and comments as they change and go", () =>
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const { channel, oil, pipe, wall, internalNote, commentId, readers } = yield* setUp
          const { staff } = readers
          yield* sql`UPDATE reports SET title = 'Petrol sheen', answers = ${JSON.stringify({ what: "benzine" })}
            WHERE id = ${oil}`
          assert.deepStrictEqual(yield* search(channel, staff, { filter: "oil" }), [])
          assert.deepStrictEqual(yield* search(channel, staff, { filter: "diesel" }), [])
          assert.deepStrictEqual(yield* search(channel, staff, { filter: "petrol quay benz" }), [oil])
          // A change of something else leaves the pieces as they are.
          yield* sql`UPDATE reports SET report_state_id = ${channel.stateIds[1]} WHERE id = ${oil}`
          assert.deepStrictEqual(yield* search(channel, staff, { filter: "petrol" }), [oil])

          yield* sql`UPDATE note_comments SET comment = 'Vandals seen' WHERE id = ${internalNote}`
          yield* sql`UPDATE report_comments SET content = 'Cleaned up' WHERE id = ${commentId}`
          assert.deepStrictEqual(yield* search(channel, staff, { filter: "arsonist" }), [])
          assert.deepStrictEqual(yield* search(channel, staff, { filter: "thanks" }), [])
          assert.deepStrictEqual(yield* search(channel, staff, { filter: "vandals cleaned" }), [wall])
          yield* sql`DELETE FROM note_comments WHERE id = ${internalNote}`
          yield* sql`DELETE FROM report_comments WHERE id = ${commentId}`
          assert.deepStrictEqual(yield* search(channel, staff, { filter: "vandals" }), [])
          assert.deepStrictEqual(yield* search(channel, staff, { filter: "cleaned" }), [])

          yield* sql`DELETE FROM reports WHERE id = ${pipe}`
          assert.deepStrictEqual(yield* piecesOf(pipe), [])
          yield* sql`DELETE FROM reports WHERE channel_id = ${channel.channelId}`
          assert.deepStrictEqual(yield* piecesOf(oil), [])
          assert.deepStrictEqual(yield* piecesOf(wall), [])
          yield* indexIsWhole
        }).pipe(Effect.orDie),
      )

      it.effect("ranks by relevance: more of the words, in more pieces, first", () =>
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const { channel, readers } = yield* setUp
          const { reporter, other } = readers
          const flood = (title: string, what: string, secret: string, day: number) =>
            Effect.gen(function* () {
              const id = yield* newReport(channel, reporter.userId, at(day), { what, secret })
              yield* sql`UPDATE reports SET title = ${title} WHERE id = ${id}`
              return id
            })
          const once = yield* flood("Flood", "water", "-", 5)
          const thrice = yield* flood("Flood on the road", "flood water, flooding", "-", 6)
          const hidden = yield* flood("Road", "water", "flood flood flood", 7)
          const ranked = [{ field: "relevance", direction: "desc" }] as const
          assert.deepStrictEqual(yield* search(channel, other, { filter: "flood" }, ranked), [thrice, once])
          assert.deepStrictEqual(
            yield* search(channel, other, { filter: "flood" }, [{ field: "relevance", direction: "asc" }]),
            [once, thrice],
          )
          // Every word must match; relevance only orders.
          assert.deepStrictEqual(yield* search(channel, other, { filter: "flood road" }, ranked), [thrice])
          // The reporter reads their private answers, which count for them.
          assert.deepStrictEqual(
            (yield* search(channel, reporter, { filter: "flood" }, ranked)).toSorted(),
            [once, thrice, hidden].toSorted(),
          )
          // Without words, relevance orders nothing: the id breaks the tie.
          assert.deepStrictEqual(
            (yield* search(channel, other, {}, [{ field: "relevance", direction: "desc" }])).slice(0, 3),
            [hidden, thrice, once],
          )
        }).pipe(Effect.orDie),
      )

      it.effect("reads whatever a person types as words, never as the engine's operators", () =>
        Effect.gen(function* () {
          const store = yield* ReportSearchStore
          const { channel, oil, wall, readers } = yield* setUp
          const { staff } = readers
          // As words: "near" begins a word of the oil report's story, "not" and "and" none of it.
          for (const [typed, expected] of [
            ['"oil', [oil]],
            ["oil*", [oil]],
            ["oil:", [oil]],
            ["oil & quay", [oil]],
            ["oil | graffiti", []],
            ["(oil) OR (graffiti)", []],
            ["oil NOT quay", []],
            ["oil AND quay", []],
            ["NEAR(oil quay)", [oil]],
            ["oil -quay", [oil]],
            ["'oil'", [oil]],
            ["oil\\", [oil]],
            ["^oil {quay}", [oil]],
            ["río ō 河流", []],
          ] as const) {
            assert.deepStrictEqual(yield* search(channel, staff, { filter: typed }), expected, typed)
          }
          // Words with the engines' quotes inside reach them as text.
          const selection: Selection = {
            channelIds: [channel.channelId],
            filter: { ...noCriteria, words: ['o"il', "o'il", "o\\il", "cuba"] },
            exclude: noCriteria,
            reader: staff,
          }
          const counted = yield* store.countIn(selection, [
            { minLongitude: -180, minLatitude: -90, maxLongitude: 180, maxLatitude: 90 },
          ])
          assert.deepStrictEqual(counted, [0])
          assert.deepStrictEqual(yield* search(channel, staff, { filter: "cuba" }), [wall])
        }),
      )

      it.effect("finds what was written before the migration", () =>
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const { channel, oil, pipe, wall, readers } = yield* setUp
          const { reporter, staff } = readers
          yield* sql.onDialectOrElse({
            pg: () =>
              Effect.forEach(
                ["reports_texts", "note_comments_texts", "report_comments_texts"],
                (name) => sql`DROP FUNCTION ${sql(name)}() CASCADE`,
              ),
            orElse: () =>
              Effect.forEach(
                [
                  "reports_texts",
                  "reports_retexts",
                  "note_comments_texts",
                  "note_comments_retexts",
                  "note_comments_untexts",
                  "report_comments_texts",
                  "report_comments_retexts",
                  "report_comments_untexts",
                ],
                (name) => sql`DROP TRIGGER ${sql(name)}`,
              ).pipe(Effect.andThen(sql`DROP TABLE report_text_index`)),
          })
          yield* sql`DROP TABLE report_texts`
          yield* reportTexts
          assert.deepStrictEqual(yield* search(channel, staff, { filter: "oil diesel" }), [oil])
          assert.deepStrictEqual(yield* search(channel, reporter, { filter: "kerosene" }), [pipe])
          assert.deepStrictEqual(yield* search(channel, staff, { filter: "arsonist council thanks" }), [wall])
          assert.deepStrictEqual(yield* search(channel, reporter, { filter: "arsonist" }), [])
          yield* indexIsWhole
        }).pipe(Effect.orDie),
      )
    })
  }
})
