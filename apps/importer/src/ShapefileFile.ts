/**
 * Features of a Shapefile: a `.shp` with its `.dbf` (attributes), `.prj` (coordinate system) and
 * `.cpg` (text encoding) beside it, or a `.zip` holding one or more such layers. Geometries are
 * reprojected to WGS 84 from the `.prj`; without one they are taken to be WGS 84 already.
 */
import { createReadStream } from "node:fs"
import { readdir, readFile } from "node:fs/promises"
import { basename, dirname, extname, join } from "node:path"
import type { Readable } from "node:stream"
import * as shapefile from "shapefile"
import { countBytes } from "./ByteCount.ts"
import * as Reprojection from "./Reprojection.ts"
import { origin, SourceError, type SourceFeature } from "./SourceFeature.ts"
import * as ZipArchive from "./ZipArchive.ts"

/** One layer (named inside an archive): its geometries, its attributes and what the side files say. */
interface Layer {
  readonly file: string
  readonly name: string | undefined
  readonly shp: Readable
  readonly dbf: Readable | undefined
  readonly prj: string | undefined
  readonly cpg: string | undefined
}

/** The side file of a layer with this extension, whatever the case of either name. */
const sideFile = <A extends string>(names: ReadonlyArray<A>, shpName: string, extension: string) => {
  const stem = shpName.slice(0, -extname(shpName).length).toLowerCase()
  return names.find((name) => name.toLowerCase() === `${stem}${extension}`)
}

const isShp = (name: string) => extname(name).toLowerCase() === ".shp"

async function* layersOfShp(path: string, file: string, onBytes: (bytes: number) => void) {
  const directory = dirname(path)
  const names = await readdir(directory)
  const side = (extension: string) => {
    const name = sideFile(names, basename(path), extension)
    return name === undefined ? undefined : join(directory, name)
  }
  const [dbf, prj, cpg] = [side(".dbf"), side(".prj"), side(".cpg")]
  const layer: Layer = {
    file,
    name: undefined,
    shp: createReadStream(path).pipe(countBytes(onBytes)),
    dbf: dbf === undefined ? undefined : createReadStream(dbf),
    prj: prj === undefined ? undefined : await readFile(prj, "utf8"),
    cpg: cpg === undefined ? undefined : await readFile(cpg, "utf8"),
  }
  yield layer
}

async function* layersOfZip(path: string, file: string, onBytes: (bytes: number) => void) {
  const archive = await ZipArchive.open(path)
  try {
    const names = archive.entries.map((entry) => entry.fileName)
    const shps = archive.entries.filter(
      (entry) => isShp(entry.fileName) && !entry.fileName.startsWith("__MACOSX/"),
    )
    if (shps.length === 0) throw new SourceError({ file, reason: "holds no .shp file" })
    for (const shp of shps) {
      const entryOf = (extension: string) => {
        const name = sideFile(names, shp.fileName, extension)
        return archive.entries.find((entry) => entry.fileName === name)
      }
      const [dbf, prj, cpg] = [entryOf(".dbf"), entryOf(".prj"), entryOf(".cpg")]
      // Progress counts the archive's bytes, so the layer's unpacked bytes are scaled down.
      const scale = shp.uncompressedSize === 0 ? 0 : shp.compressedSize / shp.uncompressedSize
      yield {
        file,
        name: shp.fileName,
        shp: (await archive.stream(shp)).pipe(countBytes((bytes) => onBytes(bytes * scale))),
        dbf: dbf === undefined ? undefined : await archive.stream(dbf),
        prj: prj === undefined ? undefined : await archive.text(prj),
        cpg: cpg === undefined ? undefined : await archive.text(cpg),
      } satisfies Layer
    }
  } finally {
    archive.close()
  }
}

const reprojectionOf = (layer: Layer): Reprojection.Reprojection => {
  try {
    return Reprojection.fromPrj(layer.prj)
  } catch (error) {
    throw new SourceError({
      file: origin(layer.name === undefined ? layer : { file: layer.file, layer: layer.name }),
      reason: `its .prj cannot be read: ${String(error)}`,
    })
  }
}

/**
 * The features of every layer of a `.shp` or `.zip`, numbered from 1 in each layer, with their
 * geometries in WGS 84.
 *
 * @example
 * ```ts
 * for await (const feature of ShapefileFile.features("/data/parcels.zip", "parcels.zip", onBytes)) {
 *   console.log(feature.layer, feature.number) // "parcels.shp" 1
 * }
 * ```
 */
export async function* features(
  path: string,
  file: string,
  onBytes: (bytes: number) => void,
): AsyncGenerator<SourceFeature> {
  const layers =
    extname(path).toLowerCase() === ".zip"
      ? layersOfZip(path, file, onBytes)
      : layersOfShp(path, file, onBytes)
  for await (const layer of layers) {
    const reproject = reprojectionOf(layer)
    const encoding = layer.cpg?.trim()
    const records = await shapefile.open(layer.shp, layer.dbf, encoding ? { encoding } : {})
    for (let number = 1; ; number += 1) {
      const record = await records.read()
      if (record.done) break
      yield {
        file: layer.file,
        ...(layer.name === undefined ? {} : { layer: layer.name }),
        number,
        geometry: { geoJson: Reprojection.geometry(record.value.geometry, reproject) },
        properties: record.value.properties ?? {},
      }
    }
  }
}
