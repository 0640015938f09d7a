/**
 * The directory the user ran the importer from, against which file arguments are resolved:
 * `npm run import` runs the script from the repository root, but npm remembers where it was
 * called (`INIT_CWD`). This is the one place the importer reads the environment.
 */
import { resolve } from "node:path"

/**
 * The caller's directory: `INIT_CWD` under npm, the working directory otherwise.
 *
 * @example
 * ```ts
 * CallerDirectory.get() // "/home/ana/gis"
 * ```
 */
export const get = (): string => process.env.INIT_CWD ?? process.cwd()

/**
 * A path as the caller meant it.
 *
 * @example
 * ```ts
 * CallerDirectory.resolvePath("parcels.geojson") // "/home/ana/gis/parcels.geojson"
 * ```
 */
export const resolvePath = (path: string): string => resolve(get(), path)
