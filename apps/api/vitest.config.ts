import shared from "@fieldreport/tooling/vitest"
import { mergeConfig } from "vitest/config"

export default mergeConfig(shared, {
  test: { globalSetup: ["test/support/globalSetup.ts"] },
})
