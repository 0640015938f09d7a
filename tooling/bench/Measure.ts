/**
 * One bounded burst of load with autocannon: a scenario's calls from a number of connections for a
 * number of seconds, with the server's resident memory sampled meanwhile.
 */
import autocannon from "autocannon"
import type { LoadScenario } from "./LoadScenarios.ts"
import { cpuOf, memoryOf } from "./Servers.ts"

/** How hard and how long. */
export interface LoadOptions {
  readonly connections: number
  readonly seconds: number
  /** A number of calls to make instead of loading for `seconds`. */
  readonly calls?: number
}

/** What a burst measured. */
export interface Measured {
  readonly requestsPerSecond: number
  readonly requests: number
  /** Milliseconds. */
  readonly p50: number
  readonly p99: number
  /** Answers of another status than the scenario's, errors and timeouts. */
  readonly failures: number
  /** What the failures were, such as `3 timeouts, 2 × 503`; empty without failures. */
  readonly failed: string
  /** The highest resident memory of the server sampled during the burst, in bytes. */
  readonly peakRss: number
  /** CPU time the server used during the burst, in milliseconds (its background jobs included). */
  readonly cpu: number
}

/**
 * Loads the server at `url` with a scenario's calls, each path under `prefix` (the bare server's
 * `/{key}`; nothing for the API), and samples the memory of the process `pid` four times a second.
 *
 * @example
 * ```ts
 * const measured = await measure(api.url, "", scenario, api.pid, { connections: 10, seconds: 10 })
 * ```
 */
export const measure = async (
  url: string,
  prefix: string,
  scenario: LoadScenario,
  pid: number,
  options: LoadOptions,
): Promise<Measured> => measureMix(url, [{ prefix, scenario }], pid, options)

/**
 * Like {@link measure} with several scenarios: each connection makes their calls in turn.
 *
 * @example
 * ```ts
 * const measured = await measureMix(api.url, scenarios.map((scenario) => ({ prefix: "", scenario })), api.pid, options)
 * ```
 */
export const measureMix = async (
  url: string,
  calls: ReadonlyArray<{ readonly prefix: string; readonly scenario: LoadScenario }>,
  pid: number,
  options: LoadOptions,
): Promise<Measured> => {
  let peakRss = memoryOf(pid).rss
  const cpuBefore = cpuOf(pid)
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, memoryOf(pid).rss)
  }, 250)
  const wrongStatuses = new Map<number, number>()
  try {
    const began = performance.now()
    let answered = began
    const result = await autocannon({
      url,
      connections: options.connections,
      duration: options.seconds,
      ...(options.calls === undefined ? {} : { amount: options.calls }),
      requests: calls.map(({ prefix, scenario }) => ({
        method: scenario.method,
        headers: scenario.headers,
        setupRequest: (request) => {
          const { path, body } = scenario.next()
          return { ...request, path: `${prefix}${path}`, ...(body === undefined ? {} : { body }) }
        },
        onResponse: (status) => {
          answered = performance.now()
          if (status !== scenario.status) wrongStatuses.set(status, (wrongStatuses.get(status) ?? 0) + 1)
        },
      })),
    })
    return {
      // From the first call to the last answer: autocannon's per-second samples, and its end at a
      // whole second, misjudge a burst of a few seconds or a few hundred calls.
      requestsPerSecond: (result.requests.total * 1000) / Math.max(1, answered - began),
      requests: result.requests.total,
      p50: result.latency.p50,
      p99: result.latency.p99,
      failures: [...wrongStatuses.values()].reduce((sum, count) => sum + count, result.errors),
      failed: describeFailures(result.timeouts, result.errors - result.timeouts, wrongStatuses),
      peakRss,
      cpu: cpuOf(pid) - cpuBefore,
    }
  } finally {
    clearInterval(sampler)
  }
}

/** Failures in words: `3 timeouts, 1 error, 2 × 503`. */
const describeFailures = (timeouts: number, errors: number, statuses: ReadonlyMap<number, number>): string =>
  [
    ...(timeouts > 0 ? [`${timeouts} timeouts`] : []),
    ...(errors > 0 ? [`${errors} errors`] : []),
    ...[...statuses].map(([status, count]) => `${count} × ${status}`),
  ].join(", ")

/**
 * Several bursts of the same scenario as one: throughput averaged (the bursts are equally long),
 * the median of their p50s, the highest of their p99s and of their memory peaks, failures summed.
 *
 * @example
 * ```ts
 * const measured = combine([await measure(…), await measure(…)])
 * ```
 */
export const combine = (bursts: ReadonlyArray<Measured>): Measured => {
  const sum = (pick: (burst: Measured) => number) => bursts.reduce((total, burst) => total + pick(burst), 0)
  const p50s = bursts.map((burst) => burst.p50).sort((a, b) => a - b)
  return {
    requestsPerSecond: sum((burst) => burst.requestsPerSecond) / bursts.length,
    requests: sum((burst) => burst.requests),
    p50: p50s[Math.floor((p50s.length - 1) / 2)] ?? 0,
    p99: Math.max(...bursts.map((burst) => burst.p99)),
    failures: sum((burst) => burst.failures),
    failed: bursts
      .map((burst) => burst.failed)
      .filter((failed) => failed !== "")
      .join("; "),
    peakRss: Math.max(...bursts.map((burst) => burst.peakRss)),
    cpu: sum((burst) => burst.cpu),
  }
}

/**
 * The failures of a burst for a table cell: `0`, or their count and what they were.
 *
 * @example
 * ```ts
 * failuresOf(measured) // "3 (3 timeouts)"
 * ```
 */
export const failuresOf = (measured: Measured): string =>
  measured.failures === 0 ? "0" : `${measured.failures} (${measured.failed})`

/**
 * The server's CPU time per call of a burst, in milliseconds.
 *
 * @example
 * ```ts
 * cpuPerCall(measured) // 2.7
 * ```
 */
export const cpuPerCall = (measured: Measured): number => measured.cpu / Math.max(1, measured.requests)
