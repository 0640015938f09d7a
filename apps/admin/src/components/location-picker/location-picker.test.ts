import { afterEach, describe, expect, it } from "vitest"
import "./location-picker.ts"

afterEach(() => {
  document.body.replaceChildren()
})

const mount = async (attributes: Readonly<Record<string, string>>) => {
  const picker = document.createElement("fr-location-picker")
  for (const [name, value] of Object.entries(attributes)) picker.setAttribute(name, value)
  document.body.append(picker)
  await picker.updateComplete
  return picker.shadowRoot!
}

describe("fr-location-picker", () => {
  it("draws the tiles of its basemap's template and credits them", async () => {
    const root = await mount({
      "tile-url": "https://tiles.test/{z}/{x}/{y}.png",
      "tile-attribution": "© Test tiles",
    })
    const tiles = [...root.querySelectorAll<HTMLImageElement>(".leaflet-tile-pane img")]
    expect(tiles.length).toBeGreaterThan(0)
    for (const tile of tiles) expect(tile.src).toMatch(/^https:\/\/tiles\.test\/2\/\d+\/\d+\.png$/)
    expect(root.querySelector(".leaflet-control-attribution")?.textContent).toBe("© Test tiles")
  })

  it("has no basemap unless given one, so it works offline", async () => {
    const root = await mount({ latitude: "-41.29", longitude: "174.78" })
    expect(root.querySelector(".leaflet-tile-pane")?.children.length).toBe(0)
    expect(root.querySelector(".leaflet-control-attribution")?.textContent).toBe("")
  })
})
