/**
 * One real API for all end-to-end files (starting one, with its demo data, takes seconds): started
 * before the first file with the API's own test helper (temporary data directory, random port,
 * the bootstrap administrator, the demo team "Harbour City Council", CORS for the embedding
 * site of `embedSite.ts`, started here too), stopped after the last.
 * It serves the built admin UI at `/admin`; the admin package's `test` task depends on its `build`
 * (turbo.json), and by hand run `npm run build -w apps/admin` first.
 */
import { existsSync } from "node:fs"
import { fileURLToPath } from "node:url"
import type { TestProject } from "vitest/node"
import { startTestServer } from "../../../../api/test/support/TestServer.ts"
import { startEmbedSite } from "./embedSite.ts"

const bundle = fileURLToPath(new URL("../../../dist/fieldreport-admin.js", import.meta.url))

export default async function setup(project: TestProject) {
  if (!existsSync(bundle)) throw new Error("the admin UI is not built: npm run build -w apps/admin")
  const site = await startEmbedSite()
  const server = await startTestServer({ FIELDREPORT_DEMO: "true", FIELDREPORT_CORS_ORIGINS: site.origin })
  project.provide("apiUrl", server.url)
  project.provide("dataDir", server.dataDir)
  project.provide("embedOrigin", site.origin)
  return async () => {
    await server.close()
    await site.close()
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    apiUrl: string
    /** The API's data directory, where it writes the e-mails it sends (no SMTP server is set). */
    dataDir: string
    embedOrigin: string
  }
}
