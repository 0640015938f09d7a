/**
 * `/api/v4/pins/{color}/{file}`: map pins drawn in a category's colour (docs/api.md, Categories).
 */
import { PinColor } from "@fieldreport/domain/Category"
import { Schema } from "effect"
import { group, media } from "../Endpoint.ts"

/** The pin endpoint. */
export const pins = group({
  name: "Pins",
  noun: "pin",
  description:
    "The map pin of any colour a category may have, at 1, 2 and 3 times the 25 × 41 points size. Pins are " +
    "public and never change for an address, so clients cache them.",
  endpoints: [
    {
      method: "get",
      path: "/api/v4/pins/{color}/{file}",
      operationId: "getPin",
      summary: "Read a map pin",
      access: "public",
      pathParameters: {
        color: { schema: PinColor, description: "The pin colour, as a category's `pin_color`." },
        file: {
          schema: Schema.String.check(Schema.isPattern(/^.+@[123]x\.png$/)),
          description:
            "`<appearance>@<scale>x.png`: an appearance of a report state and a scale of 1, 2 or 3.",
        },
      },
      replies: { 200: media(["image/png"], "The pin.") },
    },
  ],
})
