/**
 * Test fixtures made on the spot: GeoJSON written by the test, and Shapefile, KML and CSV files
 * converted from it by GDAL's `ogr2ogr`, so the readers are checked against a real writer.
 */
import { execFileSync } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

/** A GeoJSON feature as tests write it. */
export interface Feature {
  readonly type: "Feature"
  readonly properties: Record<string, unknown>
  readonly geometry: { readonly type: string; readonly coordinates: unknown } | null
}

/** A closed square ring from (west, south), `size` degrees wide, counter-clockwise. */
export const square = (west: number, south: number, size: number): Array<[number, number]> => [
  [west, south],
  [west + size, south],
  [west + size, south + size],
  [west, south + size],
  [west, south],
]

/** A fresh temporary directory. */
export const temporaryDirectory = (): string => mkdtempSync(join(tmpdir(), "fieldreport-import-"))

/** Writes a FeatureCollection and answers its path. */
export const writeGeoJson = (directory: string, name: string, features: ReadonlyArray<Feature>): string => {
  const path = join(directory, name)
  writeFileSync(path, JSON.stringify({ type: "FeatureCollection", features }))
  return path
}

/** Runs `ogr2ogr` with these arguments in `directory`. */
export const ogr2ogr = (directory: string, ...args: ReadonlyArray<string>): void => {
  execFileSync("/usr/bin/ogr2ogr", args, { cwd: directory, stdio: "pipe" })
}
