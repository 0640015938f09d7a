/**
 * The colours a map draws a shape in (docs/api.md, Shapes): `normal_color` at rest and
 * `highlight_color` when selected, as CSS colour strings. They come from the shape's metadata
 * (`normal_color`, or the legacy `color`, and `highlight_color`) when those hold a CSS colour, and
 * are defaults otherwise: metadata is free-form (often a source file's attributes), so a value that
 * is no colour is passed over, never refused.
 */
import type { ShapeMetadata } from "./Shape.ts"

/**
 * The colour of a shape at rest without one in its metadata (Leaflet's default path colour).
 *
 * @example
 * ```ts
 * ShapeColor.normal({}) === ShapeColor.defaultNormal // true
 * ```
 */
export const defaultNormal = "#3388ff"

/**
 * The colour of a selected shape without one in its metadata.
 *
 * @example
 * ```ts
 * ShapeColor.highlight({}) === ShapeColor.defaultHighlight // true
 * ```
 */
export const defaultHighlight = "#ff7800"

// CSS Color 4 named colours, with `transparent` and `currentcolor`.
const names = new Set(
  [
    "aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown",
    "burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan",
    "darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid",
    "darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet",
    "deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro",
    "ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki",
    "lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow",
    "lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray",
    "lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine",
    "mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen",
    "mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace",
    "olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred",
    "papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue",
    "saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey",
    "snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow",
    "yellowgreen transparent currentcolor",
  ]
    .join(" ")
    .split(" "),
)

const hex = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i

// A colour function with plain arguments: numbers, units, percentages, `none`, commas and slashes.
const colorFunction = /^(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(\s*[-+.\w%\s,/]*\)$/i

/**
 * Whether a value is a CSS colour: a hex colour, a named colour or a colour function such as
 * `rgba(255, 0, 0, 0.5)`. Nothing else passes, so the value is safe to put in a style.
 *
 * @example
 * ```ts
 * ShapeColor.isCssColor("#ffff00") // true
 * ShapeColor.isCssColor("rgb(0 128 255 / 50%)") // true
 * ShapeColor.isCssColor("red; background: url(x)") // false
 * ```
 */
export const isCssColor = (value: unknown): value is string =>
  typeof value === "string" &&
  (hex.test(value) || names.has(value.toLowerCase()) || colorFunction.test(value))

/**
 * The colour of a shape at rest: its metadata's `normal_color`, else its `color`, else the default.
 *
 * @example
 * ```ts
 * ShapeColor.normal({ color: "#ffff00" }) // "#ffff00"
 * ShapeColor.normal({ color: "not a colour" }) // "#3388ff"
 * ```
 */
export const normal = (metadata: ShapeMetadata): string =>
  [metadata.normal_color, metadata.color].find(isCssColor) ?? defaultNormal

/**
 * The colour of a selected shape: its metadata's `highlight_color`, else the default.
 *
 * @example
 * ```ts
 * ShapeColor.highlight({ highlight_color: "orange" }) // "orange"
 * ShapeColor.highlight({}) // "#ff7800"
 * ```
 */
export const highlight = (metadata: ShapeMetadata): string =>
  isCssColor(metadata.highlight_color) ? metadata.highlight_color : defaultHighlight
