/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build (JavaScript,
 * CSS, HTML, JSON), compressed once at their strongest, so the API sends them as they are instead
 * of compressing each answer. A copy that would not be smaller than its file is not written: the
 * file is then sent as it is.
 *
 * Run by `npm run build` after `vite build` and the manifest: `node scripts/compress.ts [dir]`.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { brotliCompress, constants, gzip } from "node:zlib"

const compressed = /\.(js|css|html|json)$/

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/**
 * Compresses every text file under `dir` (recursively); answers the files compressed.
 *
 * @example
 * ```ts
 * await compressDirectory("dist") // ["fieldreport-admin.js", "assets/fieldreport-admin-BA0v2vvf.js", …]
 * ```
 */
export const compressDirectory = async (dir: string): Promise<ReadonlyArray<string>> => {
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((file) =>
    compressed.test(file),
  )
  await Promise.all(
    files.map(async (file) => {
      const content = readFileSync(join(dir, file))
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
      ])
      if (br.length < content.length) writeFileSync(join(dir, `${file}.br`), br)
      if (gz.length < content.length) writeFileSync(join(dir, `${file}.gz`), gz)
    }),
  )
  return files
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? fileURLToPath(new URL("../dist/", import.meta.url))
  const files = await compressDirectory(dir)
  console.log(`compressed ${files.length} files in ${dir}`)
}
