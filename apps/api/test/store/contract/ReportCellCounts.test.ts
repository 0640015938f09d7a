/**
 * The reports kept per channel and grid cell (migration 0023: `report_cell_counts`) on every
 * engine: summed into the cells of any scale made of whole kept cells, they equal the domain's
 * count of the reports' positions (`Tile.containing`), for positions on and an ulp beside grid
 * lines, the antimeridian and the poles, after reports are filed with and without a position,
 * moved, unplaced and deleted, and when the migration counts the reports written before it.
 */

import { assert, describe, layer } from "@effect/vitest"
import type { Position } from "@fieldreport/domain/Position"
import * as Tile from "@fieldreport/domain/Tile"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { type CellBlock, type KeptGrid, ReportSearchStore } from "../../../src/store/ReportSearchStore.ts"
import reportCellCounts from "../../../src/store/sql/migrations/0023_report_cell_counts.ts"
import { engines, migratedDatabase } from "../../support/TestDatabase.ts"
import { type Channel, newChannel, newReport, newUser } from "./Tenancy.ts"

/** The float64 `steps` ulps from `value`, towards +∞ when `steps` is positive. */
const ulps = (value: number, steps: number): number => {
  if (value === 0) return steps * Number.MIN_VALUE
  const view = new DataView(new ArrayBuffer(8))
  view.setFloat64(0, value)
  const bits = view.getBigInt64(0)
  view.setBigInt64(0, value >= 0 ? bits + BigInt(steps) : bits - BigInt(steps))
  return view.getFloat64(0)
}

/** Grid lines of every kept level, where a plain `floor` errs, and an ulp either side of them. */
const lines: ReadonlyArray<Position> = [
  [174.7, -41.3],
  [0.3, 0.7],
  [-0.001, -0.001],
  [0, 0],
  [-73.9, 40.73],
  [12.345, -67.891],
  [-180, -90],
  [180, 10],
  [90, 90],
]
const tricky: ReadonlyArray<Position> = [
  ...lines,
  [-0.0005, 0.0005] as const,
  ...lines.flatMap(
    ([longitude, latitude]): ReadonlyArray<Position> => [
      [ulps(longitude, -1), ulps(latitude, -1)],
      [ulps(longitude, 1), ulps(latitude, 1)],
    ],
  ),
].filter(([longitude, latitude]) => Math.abs(longitude) <= 180 && Math.abs(latitude) <= 90)

/** A repeatable sequence of positions, a third on the lines of a random level. */
const randomPositions = (count: number): ReadonlyArray<Position> => {
  let state = 2_463_534_242
  const next = () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) / 2 ** 32
  }
  return Array.from({ length: count }, (_, index): Position => {
    const longitude = next() * 360 - 180
    const latitude = next() * 180 - 90
    if (index % 3 !== 0) return [longitude, latitude]
    const unit = 10 ** Math.floor(next() * 4)
    return [Math.round(longitude * unit) / unit, Math.round(latitude * unit) / unit]
  })
}

/** Scales summed from kept cells, with their grid: the coarsest, and finer ones. */
const grids: ReadonlyArray<readonly [scale: number, grid: KeptGrid]> = [
  [0.001, { level: 3, factor: 1 }],
  [0.002, { level: 3, factor: 2 }],
  [0.005, { level: 3, factor: 5 }],
  [0.05, { level: 3, factor: 50 }],
  [0.01, { level: 2, factor: 1 }],
  [0.05, { level: 2, factor: 5 }],
  [0.1, { level: 1, factor: 1 }],
  [0.3, { level: 1, factor: 3 }],
  [1, { level: 0, factor: 1 }],
  [2, { level: 0, factor: 2 }],
  [45, { level: 0, factor: 45 }],
  [360, { level: 0, factor: 360 }],
]

/** Every cell of the map at a scale, the row of latitude 90 included. */
const everywhere = (scale: number): CellBlock => {
  const southWest = Tile.containing([-180, -90], scale)
  const northEast = Tile.containing([179.99999999999997, 90], scale)
  return {
    west: Math.round(southWest.longitude / scale),
    south: Math.round(southWest.latitude / scale),
    east: Math.round(northEast.longitude / scale) + 1,
    north: Math.round(northEast.latitude / scale) + 1,
  }
}

type Counts = ReadonlyArray<readonly [tileId: string, count: number]>

/** What the domain says the cells hold. */
const expected = (positions: Iterable<Position>, scale: number): Counts => {
  const cells = new Map<string, number>()
  for (const position of positions) {
    const key = Tile.encode(Tile.containing(position, scale))
    cells.set(key, (cells.get(key) ?? 0) + 1)
  }
  return [...cells.entries()].sort(([a], [b]) => a.localeCompare(b))
}

/** What the kept counts say. */
const kept = (channelIds: ReadonlyArray<number>, scale: number, grid: KeptGrid) =>
  Effect.gen(function* () {
    const store = yield* ReportSearchStore
    const rows = yield* store.keptCellCounts(channelIds, grid, everywhere(scale))
    return rows
      .map((row): readonly [string, number] => [
        Tile.encode(Tile.at(row.column_index, row.row_index, scale)),
        row.report_count,
      ])
      .sort(([a], [b]) => a.localeCompare(b))
  })

describe("Report cell counts", () => {
  for (const engine of engines) {
    layer(ReportSearchStore.layer.pipe(Layer.provideMerge(migratedDatabase(engine))))(engine, (it) => {
      it.effect("sum into the domain's cells as reports are filed, moved and deleted", () =>
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const first = yield* newChannel
          const second = yield* newChannel
          const userId = yield* newUser()
          /** Where each report of each channel is, by id (null: not placed). */
          const placed = new Map<number, { channel: Channel; position: Position | null }>()

          const file = (channel: Channel, position: Position | null) =>
            Effect.gen(function* () {
              const [row] = yield* sql<{ id: number }>`INSERT INTO reports ${sql.insert({
                channel_id: channel.channelId,
                user_id: userId,
                is_anonymous: 0,
                title: "Placed",
                category_id: channel.categoryId,
                report_state_id: channel.stateIds[0],
                answers: "{}",
                latitude: position?.[1] ?? null,
                longitude: position?.[0] ?? null,
                created_at: "2025-06-01T00:00:00.000Z",
                updated_at: "2025-06-01T00:00:00.000Z",
              })} RETURNING id`
              placed.set(Number(row!.id), { channel, position })
            })
          const move = (id: number, position: Position | null) =>
            Effect.gen(function* () {
              yield* sql`UPDATE reports SET longitude = ${position?.[0] ?? null},
                latitude = ${position?.[1] ?? null} WHERE id = ${id}`
              placed.set(id, { channel: placed.get(id)!.channel, position })
            })

          const check = (stage: string) =>
            Effect.gen(function* () {
              const channelSets: ReadonlyArray<ReadonlyArray<Channel>> = [[first], [second], [first, second]]
              for (const channels of channelSets) {
                const positions = [...placed.values()].flatMap(({ channel, position }) =>
                  position !== null && channels.includes(channel) ? [position] : [],
                )
                for (const [scale, grid] of grids) {
                  assert.deepStrictEqual(
                    yield* kept(
                      channels.map((channel) => channel.channelId),
                      scale,
                      grid,
                    ),
                    expected(positions, scale),
                    `${stage}: ${channels.length} channel(s) at ${scale} from level ${grid.level}`,
                  )
                }
              }
            })

          // Filed with a position (the insert trigger), and placed after filing (the update trigger).
          for (const position of tricky) yield* file(first, position)
          const random = randomPositions(240)
          for (const [index, position] of random.entries()) {
            if (index % 2 === 0) yield* file(index % 4 === 0 ? first : second, position)
            else {
              const id = yield* newReport(second, userId, "2025-06-02T00:00:00.000Z")
              placed.set(id, { channel: second, position: null })
              yield* move(id, position)
            }
          }
          yield* file(second, null)
          yield* check("filed")

          const ids = [...placed.keys()]
          const elsewhere = randomPositions(300).slice(240)
          for (const [index, id] of ids.slice(0, 60).entries()) yield* move(id, elsewhere[index] ?? null)
          for (const id of ids.slice(60, 70)) yield* move(id, null)
          for (const id of ids.slice(70, 75)) yield* move(id, tricky[0]!)
          const deleted = ids.slice(100, 140)
          yield* sql`DELETE FROM reports WHERE id IN ${sql.in(deleted)}`
          for (const id of deleted) placed.delete(id)
          yield* check("moved and deleted")

          assert.deepStrictEqual(
            yield* ReportSearchStore.use((store) =>
              store.keptCellCounts([], { level: 0, factor: 1 }, everywhere(1)),
            ),
            [],
          )

          // The migration counts what was written before it.
          yield* sql.onDialectOrElse({
            pg: () => sql`DROP FUNCTION reports_recount_cells() CASCADE`,
            orElse: () =>
              Effect.forEach(
                ["reports_count_cells", "reports_uncount_cells", "reports_recount_cells"],
                (name) => sql`DROP TRIGGER ${sql(name)}`,
              ),
          })
          yield* sql`DROP TABLE report_cell_counts`
          yield* reportCellCounts
          yield* check("counted by the migration")
        }).pipe(Effect.orDie),
      )
    })
  }
})
