/**
 * KML 2.2: one Document, a Placemark per report named by its title, the columns as ExtendedData
 * under their headers, its position as a Point (none for a report filed with an address only), and
 * the pin of its category as its style: a white pin coloured with the category's pin colour, which
 * Google Earth and QGIS show in that colour.
 *
 * Styles are shared: each pin colour and appearance has one Style, written in the Document just
 * before the first placemark that refers to it, so the file streams without knowing the
 * categories beforehand.
 */
import sharp from "sharp"
import type { OpenWriter } from "./ExportWriter.ts"
import { textFile } from "./TextFile.ts"

// XML 1.0 allows no control characters but tab, line feed and carriage return.
// biome-ignore lint/suspicious/noControlCharactersInRegex: those are the characters to remove
const invalidXml = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g

/**
 * Text made safe for XML content and attributes.
 *
 * @example
 * ```ts
 * escapeXml('Fish & "chips"') // "Fish &amp; &quot;chips&quot;"
 * ```
 */
export const escapeXml = (text: string): string =>
  text
    .replace(invalidXml, "")
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&apos;")

/**
 * A pin colour, a CSS colour name (`green`) or hex (`#d9480f`, `#d48`), as KML writes colours:
 * opacity, blue, green, red. The colour is read as the pins are drawn, by sharp, so a name means
 * the same colour in both.
 *
 * @example
 * ```ts
 * await kmlColor("#d9480f") // "ff0f48d9"
 * await kmlColor("green") // "ff008000"
 * ```
 */
export const kmlColor = async (color: string): Promise<string> => {
  const [red = 255, green = 255, blue = 255] = await sharp({
    create: { width: 1, height: 1, channels: 3, background: color },
  })
    .raw()
    .toBuffer()
  const hex = (value: number) => value.toString(16).padStart(2, "0")
  return `ff${hex(blue)}${hex(green)}${hex(red)}`
}

/**
 * Opens a KML writer.
 *
 * @example
 * ```ts
 * const writer = await openKml(path, columns, options)
 * ```
 */
export const openKml: OpenWriter = async (path, columns, { whitePinUrl, title }) => {
  const file = textFile(path)
  const names = columns.map((column) => escapeXml(column.header))
  /** The style id of each pin colour and appearance met so far. */
  const styles = new Map<string, string>()
  await file.write(
    `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2">\n<Document>\n<name>${escapeXml(title)}</name>\n`,
  )
  return {
    write: async (rows) => {
      for (const { report, cells } of rows) {
        const pin = `${report.pin_color}\u0000${report.pin_appearance}`
        let styleId = styles.get(pin)
        if (styleId === undefined) {
          styleId = `pin-${styles.size + 1}`
          styles.set(pin, styleId)
          await file.write(
            `<Style id="${styleId}"><IconStyle><color>${await kmlColor(report.pin_color)}</color><Icon><href>${escapeXml(whitePinUrl(report.pin_appearance))}</href></Icon></IconStyle></Style>\n`,
          )
        }
        const data = cells
          .map((cell, index) =>
            cell === null
              ? ""
              : `<Data name="${names[index]}"><value>${escapeXml(String(cell))}</value></Data>`,
          )
          .join("")
        const point =
          report.latitude === null || report.longitude === null
            ? ""
            : `<Point><coordinates>${report.longitude},${report.latitude}</coordinates></Point>`
        await file.write(
          `<Placemark id="report-${report.id}"><name>${escapeXml(report.title)}</name><styleUrl>#${styleId}</styleUrl><ExtendedData>${data}</ExtendedData>${point}</Placemark>\n`,
        )
      }
    },
    end: async () => {
      await file.write("</Document>\n</kml>\n")
      await file.end()
    },
    abort: file.abort,
  }
}
