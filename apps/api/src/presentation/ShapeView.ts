/**
 * The shape resource on the wire (docs/api.md, Shapes).
 */
import type { Shape } from "@fieldreport/domain/Shape"
import * as ShapeColor from "@fieldreport/domain/ShapeColor"
import type { ShapeRow } from "../store/ShapeStore.ts"

/**
 * The shape resource with every field: `cache_key` is the shape's id and version, which every
 * change of the shape increments; the colours come from its metadata or are the defaults.
 *
 * @example
 * ```ts
 * shapeBody(row)
 * // { id: 3, geom: "POINT (1 2)", metadata: {}, branded_app_id: 1, cache_key: "3-1", highlight_color: "#ff7800", normal_color: "#3388ff" }
 * ```
 */
export const shapeBody = (shape: ShapeRow): Shape => ({
  id: shape.id,
  geom: shape.geom,
  metadata: shape.metadata,
  branded_app_id: shape.branded_app_id,
  cache_key: `${shape.id}-${shape.version}`,
  highlight_color: ShapeColor.highlight(shape.metadata),
  normal_color: ShapeColor.normal(shape.metadata),
})
