/**
 * The container files read as text, since no container runs in the tests (the image itself is
 * tried by tooling/container/smoke.sh, on demand): compose.yaml wires the services it promises
 * and names only variables the API reads, .env.example holds no secret, and the Containerfile
 * copies every workspace the API needs.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { parse } from "yaml"

const root = join(import.meta.dirname, "..", "..")
const read = (path: string) => readFileSync(join(root, path), "utf8")

interface Service {
  readonly image?: string
  readonly build?: { readonly context: string; readonly dockerfile: string }
  readonly ports?: ReadonlyArray<string>
  readonly volumes?: ReadonlyArray<string>
  readonly environment?: Readonly<Record<string, string>>
  readonly env_file?: string
  readonly depends_on?: unknown
  readonly deploy?: { readonly replicas?: number }
}

const compose = parse(read("compose.yaml")) as {
  readonly services: Readonly<Record<string, Service>>
  readonly volumes: Readonly<Record<string, unknown>>
}
const service = (name: string): Service => {
  const found = compose.services[name]
  if (found === undefined) throw new Error(`compose.yaml has no service ${name}`)
  return found
}
const api = service("api")
const apiEnvironment = api.environment ?? {}

/** The `FIELDREPORT_*` variables the API reads: every one is named in Config.ts. */
const configVariables = new Set(read("apps/api/src/Config.ts").match(/FIELDREPORT_[A-Z0-9_]+/g))

/** `KEY=value` lines of .env.example, and keys of its commented examples (`# KEY=value`). */
const envExample = read(".env.example")
const exampleEntries = [...envExample.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(([, key, value]) => ({
  key: String(key),
  value: String(value),
}))
const exampleKeys = new Set([
  ...exampleEntries.map((entry) => entry.key),
  ...[...envExample.matchAll(/^# ([A-Z][A-Z0-9_]*)=/gm)].map(([, key]) => String(key)),
])

/** `${NAME}`, `${NAME:-default}` and `${NAME:?error}` substitutions of compose.yaml. */
const substitutions = [...read("compose.yaml").matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)(:?[-?])?[^}]*\}/g)].map(
  ([, name, operator]) => ({ name: String(name), hasDefault: operator === ":-" || operator === "-" }),
)

describe("compose.yaml", () => {
  it("runs two API replicas behind one published port, with PostgreSQL 15 and MinIO", () => {
    expect(Object.keys(compose.services).sort()).toEqual(["api", "minio", "minio-init", "postgres", "proxy"])
    expect(api.deploy?.replicas).toBe(2)
    expect(api.ports).toBeUndefined()
    expect(api.build).toEqual({ context: ".", dockerfile: "Containerfile" })
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a compose substitution, not a template
    expect(service("proxy").ports).toEqual(["${HTTP_PORT:-3000}:3000"])
    expect(service("postgres").image).toMatch(/^postgres:15(\b|$)/)
    expect(service("minio").image).toMatch(/^minio\/minio:RELEASE\./)
    expect(service("minio-init").image).toMatch(/^minio\/mc:RELEASE\./)
  })

  it("keeps the database, the uploads and the API's data directory in named volumes", () => {
    expect(service("postgres").volumes).toContain("postgres-data:/var/lib/postgresql/data")
    expect(service("minio").volumes).toContain("minio-data:/data")
    expect(api.volumes).toContain("api-data:/data")
    expect(apiEnvironment.FIELDREPORT_DATA_DIR).toBe("/data")
    const named = Object.values(compose.services)
      .flatMap((each) => each.volumes ?? [])
      .map((volume) => volume.split(":")[0] ?? "")
      .filter((source) => !source.startsWith("."))
    expect(new Set(named)).toEqual(new Set(Object.keys(compose.volumes)))
  })

  it("wires the API to the services by their names and the proxy to the API's port", () => {
    expect(apiEnvironment.FIELDREPORT_DATABASE_URL).toMatch(
      /^postgres:\/\/fieldreport:\$\{POSTGRES_PASSWORD:\?[^}]+\}@postgres:5432\/fieldreport$/,
    )
    expect(apiEnvironment.FIELDREPORT_S3_ENDPOINT).toBe("http://minio:9000")
    expect(apiEnvironment.FIELDREPORT_PORT).toBe("3000")
    expect(api.depends_on).toEqual({
      postgres: { condition: "service_healthy" },
      "minio-init": { condition: "service_completed_successfully" },
    })
    const caddyfile = read("tooling/container/Caddyfile")
    expect(caddyfile).toMatch(/^\s*dynamic a api 3000 \{/m)
    expect(service("proxy").volumes).toContain("./tooling/container/Caddyfile:/etc/caddy/Caddyfile:ro")
  })

  it("sets only variables the API reads", () => {
    const unknown = Object.keys(apiEnvironment).filter((name) => !configVariables.has(name))
    expect(unknown).toEqual([])
  })

  it("takes every value without a default from .env, whose example names it", () => {
    expect(api.env_file).toBe(".env")
    const missing = substitutions.filter((each) => !each.hasDefault && !exampleKeys.has(each.name))
    expect(missing).toEqual([])
  })
})

describe(".env.example", () => {
  it("names only variables the API reads, besides those of compose.yaml itself", () => {
    const composeOnly = new Set(
      substitutions.map((each) => each.name).filter((name) => !name.startsWith("FIELDREPORT_")),
    )
    const unknown = [...exampleKeys].filter((key) => !configVariables.has(key) && !composeOnly.has(key))
    expect(unknown).toEqual([])
  })

  it("holds no password or secret: those are left empty, and compose refuses to start without them", () => {
    const secrets = exampleEntries.filter((entry) => /PASSWORD|SECRET/.test(entry.key))
    expect(secrets.map((entry) => entry.key).sort()).toEqual([
      "FIELDREPORT_BOOTSTRAP_ADMIN_PASSWORD",
      "FIELDREPORT_S3_SECRET_ACCESS_KEY",
      "POSTGRES_PASSWORD",
    ])
    for (const secret of secrets) {
      expect(secret.value, secret.key).toBe("")
      expect(read("compose.yaml"), secret.key).toContain(`\${${secret.key}:?`)
    }
  })

  it("is not the file compose reads, which stays out of git and out of the image", () => {
    expect(read(".gitignore").split("\n")).toContain(".env")
    expect(read(".dockerignore").split("\n")).toEqual(expect.arrayContaining([".env", ".env.*"]))
  })
})

describe("Containerfile", () => {
  // Each instruction on one line: a line ending in a backslash goes on.
  const containerfile = read("Containerfile").replace(/\\\n/g, " ")
  const workspaces = (
    JSON.parse(read("package.json")) as { workspaces: ReadonlyArray<string> }
  ).workspaces.flatMap((pattern) =>
    pattern.endsWith("/*")
      ? readdirSync(join(root, pattern.slice(0, -2)))
          .map((name) => `${pattern.slice(0, -2)}/${name}`)
          .filter((path) => existsSync(join(root, path, "package.json")))
      : [pattern],
  )

  it("builds on node:24-bookworm-slim and runs `fieldreport serve` as a user other than root", () => {
    expect([...containerfile.matchAll(/^FROM (\S+)/gm)].map(([, image]) => image)).toEqual([
      "node:24-bookworm-slim",
      "node:24-bookworm-slim",
    ])
    expect(containerfile).toMatch(/^ENTRYPOINT \["fieldreport"\]$/m)
    expect(containerfile).toMatch(/^CMD \["serve"\]$/m)
    const user = containerfile.match(/^USER (\S+)$/m)?.[1]
    expect(user).toBeDefined()
    expect(["root", "0"]).not.toContain(user)
    expect(containerfile).toMatch(/^VOLUME \/data$/m)
    expect(containerfile).toMatch(/FIELDREPORT_DATA_DIR=\/data/)
    expect(containerfile).toMatch(/^HEALTHCHECK .*\/readyz/m)
    expect(read("tooling/container/fieldreport")).toContain("apps/api/src/cli/main.ts")
    expect(existsSync(join(root, "apps/api/src/cli/main.ts"))).toBe(true)
  })

  it("copies every workspace's manifest into both stages, since npm ci checks the lock against all", () => {
    for (const workspace of workspaces) {
      expect(containerfile, workspace).toContain(`COPY ${workspace}/package.json ${workspace}/`)
      expect(containerfile, workspace).toContain(
        `COPY --from=build /app/${workspace}/package.json ${workspace}/`,
      )
    }
  })

  it("copies the sources of every workspace the API depends on, and the admin UI's built bundle", () => {
    const manifestOf = (workspace: string) =>
      JSON.parse(read(`${workspace}/package.json`)) as { name: string; dependencies?: Record<string, string> }
    const byName = new Map(workspaces.map((workspace) => [manifestOf(workspace).name, workspace]))
    const needed = new Set<string>()
    const visit = (workspace: string) => {
      if (needed.has(workspace)) return
      needed.add(workspace)
      for (const dependency of Object.keys(manifestOf(workspace).dependencies ?? {})) {
        const local = byName.get(dependency)
        if (local !== undefined) visit(local)
      }
    }
    visit("apps/api")
    expect(needed).toContain("apps/admin")
    for (const workspace of needed) {
      const copied =
        workspace === "apps/admin"
          ? `COPY --from=build /app/apps/admin/dist apps/admin/dist`
          : `COPY --from=build /app/${workspace}/src ${workspace}/src`
      expect(containerfile, workspace).toContain(copied)
    }
  })

  it("leaves dependencies, builds, data and git out of the build context", () => {
    const ignored = read(".dockerignore").split("\n")
    expect(ignored).toEqual(expect.arrayContaining(["**/node_modules", "**/dist", "**/data", ".git"]))
  })
})
