/**
 * The e-mails a test server wrote into its data directory (no `FIELDREPORT_SMTP_URL`), and the
 * tokens in their links.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"

/** The id of the job that sent a message, from its name (`invitation-000000000042.eml`). */
const jobIdOf = (name: string): number => Number(/-(\d+)\.eml$/.exec(name)?.[1] ?? 0)

/**
 * The e-mails written so far, oldest first (by the id of the job that sent each), as text with
 * quoted-printable soft breaks undone.
 *
 * @example
 * ```ts
 * const sent = mailsOf(server.dataDir)
 * ```
 */
export const mailsOf = (dataDir: string): ReadonlyArray<string> => {
  const directory = join(dataDir, "mail")
  const names = (() => {
    try {
      return readdirSync(directory)
    } catch {
      return []
    }
  })()
  return names
    .filter((name) => name.endsWith(".eml") && !name.startsWith("."))
    .sort((a, b) => jobIdOf(a) - jobIdOf(b))
    .map((name) =>
      readFileSync(join(directory, name), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    )
}

/**
 * The token of the link to an admin UI page in a mail (`…/admin/#/<page>?token=<token>`).
 *
 * @example
 * ```ts
 * const token = tokenIn(mail, "reset-password") // "frp_…"
 * ```
 */
export const tokenIn = (mail: string, page: string): string => {
  const found = new RegExp(`/admin/#/${page}\\?token=([A-Za-z0-9_-]+)`).exec(mail)
  if (found?.[1] === undefined) throw new Error(`no ${page} link in the mail`)
  return found[1]
}
