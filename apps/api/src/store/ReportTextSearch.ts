/**
 * The free-text part of a report search, `filter[q]` (docs/api.md, Report searches), over the
 * pieces of text migration 0030 keeps for each report (`report_texts`): its title and address,
 * its text answers, its notes and its report comments.
 *
 * A report matches when each word begins a word of some piece the searcher may read, not
 * necessarily the same piece: "oil quay" finds a report titled "Oil" at "Lambton Quay". Which pieces
 * a searcher reads is what reading the report shows them (`ReportDisclosure`), decided here from
 * the rows as they are now:
 *
 * - the report's own piece and its report comments: everyone who reads the report;
 * - a note: everyone when it is public, else the channel's staff (`staffChannelIds`);
 * - an answer: that of a field not removed, and, when the field is private, only for the channel's
 *   staff and the report's reporter.
 *
 * So the words of a private note or answer never make a report match for someone who may not read
 * them. Each word is quoted for the engine's full-text syntax (`sqliteTerm`, `postgresTerm`) and
 * sent as a bound parameter, so nothing a person types is read as an operator.
 *
 * A report's relevance is the sum, over the pieces it may be read by that hold any of the words, of
 * the engine's score of the piece: BM25 on SQLite (negated, so larger is better), `ts_rank` on
 * PostgreSQL. The two engines score differently; each orders its own reports consistently.
 */
import type { SqlClient, Statement } from "effect/sql"

/**
 * Who searches: their user id, and the channels whose staff they are (operators and admins, who
 * read internal notes and private answers).
 *
 * @example
 * ```ts
 * const reader: Reader = { userId: 7, staffChannelIds: [3] }
 * ```
 */
export interface Reader {
  readonly userId: number
  readonly staffChannelIds: ReadonlyArray<number>
}

/**
 * A word as an FTS5 query term: a string in double quotes (a quote inside doubled), as a prefix.
 *
 * @example
 * ```ts
 * sqliteTerm("oil") // '"oil"*'
 * sqliteTerm('a"b') // '"a""b"*'
 * ```
 */
export const sqliteTerm = (word: string): string => `"${word.replaceAll('"', '""')}"*`

/**
 * A word as a `to_tsquery` term: a lexeme in single quotes (quotes and backslashes escaped), as a
 * prefix.
 *
 * @example
 * ```ts
 * postgresTerm("oil") // "'oil':*"
 * postgresTerm("o'b") // "'o''b':*"
 * ```
 */
export const postgresTerm = (word: string): string =>
  `'${word.replaceAll("\\", "\\\\").replaceAll("'", "''")}':*`

/**
 * The fragments of a search over report text, for a client of either engine.
 *
 * @example
 * ```ts
 * const text = ReportTextSearch.make(sql)
 * sql`SELECT r.id FROM reports r WHERE ${text.matches(["oil", "quay"], [3], reader)}`
 * ```
 */
export const make = (sql: SqlClient.SqlClient) => {
  const sqlite = sql.onDialectOrElse({ sqlite: () => true, orElse: () => false })

  /** Whether the reader may read the piece `t` (see the module's comment). */
  const readable = (reader: Reader): Statement.Fragment => {
    const staff = sql`t.channel_id IN ${sql.in(reader.staffChannelIds)}`
    return sql`(t.kind IN ('report', 'comment')
      OR (t.kind = 'note' AND (t.internal = 0 OR ${staff}))
      OR (t.kind = 'answer' AND EXISTS (SELECT 1 FROM form_fields f
        WHERE f.channel_id = t.channel_id AND f.key = t.source AND f.removed = 0
          AND (f.field_visibility = 'public' OR ${staff}
            OR EXISTS (SELECT 1 FROM reports o
              WHERE o.channel_id = t.channel_id AND o.id = t.report_id AND o.user_id = ${reader.userId})))))`
  }

  /** The pieces `t` of the channels, readable by the reader, that match the engine's query. */
  const pieces = (
    terms: ReadonlyArray<string>,
    channelIds: ReadonlyArray<number>,
    reader: Reader,
    columns: (score: Statement.Fragment) => Statement.Fragment,
  ): Statement.Fragment => {
    const scope = sql`t.channel_id IN ${sql.in(channelIds)} AND ${readable(reader)}`
    if (sqlite) {
      // `rank` is FTS5's BM25 score; unlike `bm25()`, it may be read inside an aggregate.
      return sql`SELECT ${columns(sql`-report_text_index.rank`)}
        FROM report_text_index JOIN report_texts t ON t.id = report_text_index.rowid
        WHERE report_text_index MATCH ${terms.map(sqliteTerm).join(" OR ")} AND ${scope}`
    }
    const query = postgresQuery(terms)
    return sql`SELECT ${columns(sql`ts_rank(t.document, ${query})`)}
      FROM report_texts t WHERE t.document @@ ${query} AND ${scope}`
  }

  const postgresQuery = (terms: ReadonlyArray<string>) =>
    sql`to_tsquery('simple', ${terms.map(postgresTerm).join(" | ")})`

  return {
    /**
     * `r.id` (a report of the outer query) is that of a report of the channels whose readable
     * text holds every word; never NULL, so `NOT` of it is exactly the other reports.
     */
    matches: (
      words: ReadonlyArray<string>,
      channelIds: ReadonlyArray<number>,
      reader: Reader,
    ): Statement.Fragment =>
      sql`r.id IN (${sql.join(
        " INTERSECT ",
        false,
      )(words.map((word) => pieces([word], channelIds, reader, () => sql`t.report_id`)))})`,
    /**
     * The relevance of a report `r` to any of the words, larger for a better match: `value`, read
     * from the reports joined with `join`. SQLite ranks every matching piece in one FTS5 query
     * and joins the sums; PostgreSQL sums the scores of each report's own pieces (0 for those that
     * match none of the words), found by the report, so the plan never depends on how many
     * reports the words match.
     */
    relevance: (
      words: ReadonlyArray<string>,
      channelIds: ReadonlyArray<number>,
      reader: Reader,
    ): { readonly join: Statement.Fragment; readonly value: Statement.Fragment } => {
      if (sqlite) {
        const ranked = pieces(
          words,
          channelIds,
          reader,
          (score) => sql`t.report_id, SUM(${score}) AS relevance`,
        )
        return {
          join: sql`JOIN (${ranked} GROUP BY t.report_id) m ON m.report_id = r.id`,
          value: sql`m.relevance`,
        }
      }
      // No `@@` here: it would let the planner read the GIN index once per report.
      return {
        join: sql``,
        value: sql`(SELECT SUM(ts_rank(t.document, ${postgresQuery(words)})) FROM report_texts t
          WHERE t.report_id = r.id AND t.channel_id = r.channel_id AND ${readable(reader)})`,
      }
    },
  }
}
