/**
 * Which proxies the API believes about the client (`FIELDREPORT_TRUST_PROXY`, Express's
 * `trust proxy`): a comma-separated list of the names `loopback`, `linklocal` and `uniquelocal`
 * (the private ranges), addresses and CIDR ranges. A request from one of them is taken to come from
 * the nearest address of its `X-Forwarded-For` that is not trusted, so the per-address rate limit,
 * login throttling and the audit log count the client, not the proxy. Trust only addresses that
 * nothing but your proxies can connect from: a client that reaches the API directly from a trusted
 * address chooses its own address.
 */
import { isIP } from "node:net"
import { Schema } from "effect"

const names = new Set(["loopback", "linklocal", "uniquelocal"])

/**
 * The entries of a list as written in the variable: split at commas, trimmed, empty ones dropped.
 *
 * @example
 * ```ts
 * TrustProxy.entries("loopback, 10.0.0.0/8") // ["loopback", "10.0.0.0/8"]
 * ```
 */
export const entries = (value: string): ReadonlyArray<string> =>
  value
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "")

/**
 * Whether one entry is a name Express knows, an address, or an address with a prefix length its
 * version allows.
 *
 * @example
 * ```ts
 * TrustProxy.isEntry("172.16.0.0/12") // true
 * TrustProxy.isEntry("proxy.lan") // false
 * ```
 */
export const isEntry = (entry: string): boolean => {
  if (names.has(entry)) return true
  const [address = "", prefix, ...rest] = entry.split("/")
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128))
}

/**
 * The variable's value: a list whose every entry {@link isEntry}; empty trusts no proxy.
 *
 * @example
 * ```ts
 * Config.schema(TrustProxy.List, "FIELDREPORT_TRUST_PROXY")
 * ```
 */
export const List = Schema.String.check(
  Schema.makeFilter((value) => {
    const wrong = entries(value).filter((entry) => !isEntry(entry))
    return (
      wrong.length === 0 ||
      `${wrong.join(", ")}: not loopback, linklocal, uniquelocal, an IP address or a CIDR range`
    )
  }),
)
