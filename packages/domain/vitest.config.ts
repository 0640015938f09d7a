import shared from "@fieldreport/tooling/vitest"
import { mergeConfig } from "vitest/config"

export default mergeConfig(shared, {
  // The domain is pure: its test files can share one module graph per worker instead of each
  // importing effect again, which is most of the suite's time.
  test: { isolate: false },
})
