/**
 * Where a server's CPU went under load, from the CPU profiles the load benchmark writes with
 * `--profile-dir` (run one scenario with `--only` so that a profile holds one kind of request):
 *
 *     npm run bench:profile -w tooling -- /tmp/profiles/CPU.*.cpuprofile --ms-per-call 1.05
 *
 * For each file, the parts of the busy CPU time (`CpuProfile.ts`), largest first; with
 * `--ms-per-call` (the benchmark's CPU per call of that server), each part in milliseconds per call.
 */
import { readFileSync } from "node:fs"
import { parseArgs } from "node:util"
import { breakdownOf, type CpuProfile } from "./CpuProfile.ts"

const { values, positionals } = parseArgs({
  options: { "ms-per-call": { type: "string" }, "at-least": { type: "string", default: "0.005" } },
  allowPositionals: true,
  strict: true,
})
const msPerCall = values["ms-per-call"] === undefined ? undefined : Number(values["ms-per-call"])
const atLeast = Number(values["at-least"])
if (positionals.length === 0 || (msPerCall !== undefined && !(msPerCall > 0)) || !(atLeast >= 0)) {
  console.error("usage: profile-summary <file.cpuprofile>… [--ms-per-call <ms>] [--at-least <share>]")
  process.exit(2)
}

for (const file of positionals) {
  const { keptMs, parts } = breakdownOf(JSON.parse(readFileSync(file, "utf8")) as CpuProfile)
  console.log(`${file}: ${(keptMs / 1000).toFixed(1)} s of busy stretches`)
  const shown = parts.filter((part) => part.share >= atLeast)
  for (const { part, share } of shown) {
    const ms = msPerCall === undefined ? "" : `  ${(share * msPerCall).toFixed(3)} ms`
    console.log(`  ${(share * 100).toFixed(1).padStart(5)} %${ms}  ${part}`)
  }
  const rest = parts.filter((part) => part.share < atLeast).reduce((sum, part) => sum + part.share, 0)
  if (rest > 0)
    console.log(`  ${(rest * 100).toFixed(1).padStart(5)} %  the rest, each under ${atLeast * 100} %`)
}
