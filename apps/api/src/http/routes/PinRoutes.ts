/**
 * `/api/v4/pins/{color}/{appearance}@{1,2,3}x.png`: the map pins of categories (docs/api.md,
 * Categories), drawn by the server in the category's colour, so any colour a channel admin picks
 * has a pin.
 *
 * Pins are public images (an `<img src>` sends no credentials) that never change for a given
 * address, so they are cached by clients and kept in memory once drawn.
 */

import type { pins } from "@fieldreport/contract/endpoints/Pins"
import { PinAppearance, PinColor } from "@fieldreport/domain/Category"
import { Schema } from "effect"
import sharp from "sharp"
import { NotFound } from "../../Errors.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { fromFailure } from "../Problem.ts"
import { sendProblem } from "../Route.ts"

const isColor = Schema.is(PinColor)
const isAppearance = Schema.is(PinAppearance)
const file = /^(.+)@([123])x\.png$/

/** A pin 25 × 41 points with its tip at the bottom centre, as map libraries anchor markers. */
const pinSvg = (color: string, scale: number): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${25 * scale}" height="${41 * scale}" viewBox="0 0 25 41">` +
  `<path d="M12.5 0.5C5.9 0.5 0.5 5.9 0.5 12.5c0 9 12 28 12 28s12-19 12-28C24.5 5.9 19.1 0.5 12.5 0.5z" ` +
  `fill="${color}" stroke="#000" stroke-opacity="0.35"/>` +
  `<circle cx="12.5" cy="12.5" r="4.5" fill="#fff"/></svg>`

// Few colours are in use at once; the bound only guards against clients that walk through many.
const drawn = new Map<string, Promise<Buffer>>()
const maxDrawn = 512

const draw = (color: string, scale: number): Promise<Buffer> => {
  const key = `${color}@${scale}`
  const cached = drawn.get(key)
  if (cached !== undefined) return cached
  if (drawn.size >= maxDrawn) drawn.clear()
  const png = sharp(Buffer.from(pinSvg(color, scale)))
    .png()
    .toBuffer()
  drawn.set(key, png)
  png.catch(() => drawn.delete(key))
  return png
}

/** The pin routes. */
export const pinRoutes = (): GroupHandlers<typeof pins> => ({
  getPin: (req, res, next) => {
    const color = req.params.color
    const match = file.exec(String(req.params.file))
    const appearance = match?.[1]
    if (match === null || appearance === undefined || !isAppearance(appearance) || !isColor(color)) {
      return sendProblem(res, fromFailure(new NotFound({ resource: "pin" })))
    }
    draw(color, Number(match[2])).then((png) => {
      res.setHeader("Cache-Control", "public, max-age=604800, immutable")
      // Pages of other origins embed the admin elements and show these pins.
      res.setHeader("Cross-Origin-Resource-Policy", "cross-origin")
      res.type("image/png").send(png)
    }, next)
  },
})
