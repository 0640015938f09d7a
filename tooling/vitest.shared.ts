/**
 * The one test configuration every workspace package uses: its `vitest.config.ts` re-exports this.
 */
import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Integration tests start servers and databases: generous, but bounded.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
