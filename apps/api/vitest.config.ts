import shared from "@fieldreport/tooling/vitest"
import { mergeConfig } from "vitest/config"

export default mergeConfig(shared, {
  test: {
    globalSetup: ["test/support/globalSetup.ts"],
    // The files of a worker share one module graph: each would otherwise import the API again, a
    // fifth of the suite's time. No test keeps state in a shared module: each builds its own
    // layers, databases and servers, and restores what it mocks.
    isolate: false,
  },
})
