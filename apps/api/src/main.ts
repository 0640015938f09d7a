/**
 * The API process, as `fieldreport serve` runs it (`npm start`): kept for what starts the API by
 * this file (benchmarks, tests that run it as a separate process).
 */
import * as Fieldreport from "./cli/Fieldreport.ts"

Fieldreport.main(["serve"])
