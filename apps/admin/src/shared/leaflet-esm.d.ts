// The ES module build has the same exports as the package the types describe.
declare module "leaflet/dist/leaflet-src.esm.js" {
  export * from "leaflet"
}
