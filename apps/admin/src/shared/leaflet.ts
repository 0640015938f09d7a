/**
 * Leaflet, from its ES module build: Leaflet 1.9 ships one but its package.json names only the UMD
 * file, which a bundler would have to convert. Elements import Leaflet from here.
 */
export * from "leaflet/dist/leaflet-src.esm.js"
