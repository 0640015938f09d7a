/**
 * GeoPackage (OGC 12-128, version 1.2), the format QGIS prefers: a SQLite file, written with
 * Node's `node:sqlite`, holding one features table of points in WGS 84 (EPSG:4326) with the
 * columns under their headers, typed (INTEGER, REAL, BOOLEAN, DATETIME, TEXT).
 *
 * The file has what the standard requires and nothing more: the `application_id` and
 * `user_version` marks, `gpkg_spatial_ref_sys` with its three required systems, `gpkg_contents`
 * naming the table with the extent of its points, and `gpkg_geometry_columns`. A point is stored in
 * GeoPackage binary: the `GP` header (version 0, little-endian, no envelope, the SRS id) followed by
 * the point in little-endian WKB; a report filed with an address only has a null geometry.
 *
 * Rows are inserted a page per transaction, with the journal off (the file is new, and a file half
 * written is thrown away anyway), so writing costs about what inserting costs.
 */
import { DatabaseSync } from "node:sqlite"
import type { ColumnType } from "./ExportColumns.ts"
import type { OpenWriter } from "./ExportWriter.ts"

/** The SRS of WGS 84 longitude and latitude. */
const wgs84 = 4326

const wgs84Definition =
  'GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],' +
  'AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],' +
  'UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AXIS["Latitude",NORTH],AXIS["Longitude",EAST],' +
  'AUTHORITY["EPSG","4326"]]'

/** `GPKG` as a big-endian 32-bit integer: the application id of every GeoPackage. */
const applicationId = 0x47504b47

/**
 * Version 1.2.0, as `user_version` writes it: what this file holds is the same in 1.2 to 1.4, and
 * readers of the years before 1.4 warn about a later version.
 */
const userVersion = 10200

const sqlType: Readonly<Record<ColumnType, string>> = {
  integer: "INTEGER",
  real: "REAL",
  boolean: "BOOLEAN",
  datetime: "DATETIME",
  text: "TEXT",
}

/** A name quoted for SQL: any header is a valid column name. */
const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`

/**
 * A point in GeoPackage binary: the 8-byte header, then WKB.
 *
 * @example
 * ```ts
 * geoPackagePoint(174.7, -41.3).length // 29
 * ```
 */
export const geoPackagePoint = (longitude: number, latitude: number): Uint8Array => {
  const bytes = new Uint8Array(29)
  const view = new DataView(bytes.buffer)
  bytes[0] = 0x47 // G
  bytes[1] = 0x50 // P
  bytes[2] = 0 // version 1
  bytes[3] = 0b0000_0001 // little-endian, no envelope, not empty, standard binary
  view.setInt32(4, wgs84, true)
  bytes[8] = 1 // WKB little-endian
  view.setUint32(9, 1, true) // Point
  view.setFloat64(13, longitude, true)
  view.setFloat64(21, latitude, true)
  return bytes
}

/**
 * Opens a GeoPackage writer; the table is named after `title`.
 *
 * @example
 * ```ts
 * const writer = await openGeoPackage(path, columns, { ...options, title: "reports" })
 * ```
 */
export const openGeoPackage: OpenWriter = async (path, columns, { title }) => {
  const table = title
  const database = new DatabaseSync(path)
  database.exec(`PRAGMA application_id = ${applicationId}; PRAGMA user_version = ${userVersion};
    PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;
    CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT NOT NULL, srs_id INTEGER PRIMARY KEY,
      organization TEXT NOT NULL, organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL,
      description TEXT);
    CREATE TABLE gpkg_contents (table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL,
      identifier TEXT UNIQUE, description TEXT DEFAULT '',
      last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
      min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER,
      CONSTRAINT fk_gc_r_srs_id FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys(srs_id));
    CREATE TABLE gpkg_geometry_columns (table_name TEXT NOT NULL, column_name TEXT NOT NULL,
      geometry_type_name TEXT NOT NULL, srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL,
      CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name),
      CONSTRAINT uk_gc_table_name UNIQUE (table_name),
      CONSTRAINT fk_gc_tn FOREIGN KEY (table_name) REFERENCES gpkg_contents(table_name),
      CONSTRAINT fk_gc_srs FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys (srs_id));`)
  const addSystem = database.prepare(
    "INSERT INTO gpkg_spatial_ref_sys (srs_name, srs_id, organization, organization_coordsys_id, definition, description) VALUES (?, ?, ?, ?, ?, ?)",
  )
  addSystem.run(
    "Undefined cartesian SRS",
    -1,
    "NONE",
    -1,
    "undefined",
    "undefined cartesian coordinate reference system",
  )
  addSystem.run(
    "Undefined geographic SRS",
    0,
    "NONE",
    0,
    "undefined",
    "undefined geographic coordinate reference system",
  )
  addSystem.run(
    "WGS 84 geodetic",
    wgs84,
    "EPSG",
    wgs84,
    wgs84Definition,
    "longitude/latitude coordinates in decimal degrees on the WGS 84 spheroid",
  )
  database.exec(
    `CREATE TABLE ${quoted(table)} (fid INTEGER PRIMARY KEY AUTOINCREMENT, geom POINT, ${columns
      .map((column) => `${quoted(column.header)} ${sqlType[column.type]}`)
      .join(", ")})`,
  )
  database
    .prepare(
      "INSERT INTO gpkg_contents (table_name, data_type, identifier, description, srs_id) VALUES (?, 'features', ?, '', ?)",
    )
    .run(table, table, wgs84)
  database
    .prepare(
      "INSERT INTO gpkg_geometry_columns (table_name, column_name, geometry_type_name, srs_id, z, m) VALUES (?, 'geom', 'POINT', ?, 0, 0)",
    )
    .run(table, wgs84)
  const insert = database.prepare(
    `INSERT INTO ${quoted(table)} (geom, ${columns.map((column) => quoted(column.header)).join(", ")}) VALUES (?${", ?".repeat(columns.length)})`,
  )
  const extent = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity }
  return {
    write: async (rows) => {
      database.exec("BEGIN")
      for (const { report, cells } of rows) {
        const { latitude, longitude } = report
        let geometry: Uint8Array | null = null
        if (latitude !== null && longitude !== null) {
          geometry = geoPackagePoint(longitude, latitude)
          extent.minX = Math.min(extent.minX, longitude)
          extent.maxX = Math.max(extent.maxX, longitude)
          extent.minY = Math.min(extent.minY, latitude)
          extent.maxY = Math.max(extent.maxY, latitude)
        }
        insert.run(geometry, ...cells.map((cell) => (typeof cell === "boolean" ? (cell ? 1 : 0) : cell)))
      }
      database.exec("COMMIT")
    },
    end: async () => {
      if (extent.minX <= extent.maxX) {
        database
          .prepare("UPDATE gpkg_contents SET min_x = ?, min_y = ?, max_x = ?, max_y = ? WHERE table_name = ?")
          .run(extent.minX, extent.minY, extent.maxX, extent.maxY, table)
      }
      database.close()
    },
    abort: () => {
      if (database.isOpen) database.close()
    },
  }
}
