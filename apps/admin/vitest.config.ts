/**
 * Three kinds of tests: component tests beside each element (`src/**\/*.test.ts`, in happy-dom);
 * checks of the build's output (`test/build/`); and end-to-end tests (`test/e2e/`) against one
 * real API serving the built bundle (started by `test/e2e/support/globalSetup.ts`), driving
 * Debian's Chromium through playwright-core. The end-to-end files run one at a time: each starts
 * a browser.
 */
import shared from "@fieldreport/tooling/vitest"
import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    // The shared timeouts; each project names its own files.
    ...shared.test,
    include: [],
    projects: [
      {
        extends: true,
        // One happy-dom environment for all component files (each cleans up after itself): most of
        // their time was setting environments up and importing Lit again.
        test: { name: "components", include: ["src/**/*.test.ts"], environment: "happy-dom", isolate: false },
      },
      {
        extends: true,
        test: { name: "build", include: ["test/build/**/*.test.ts"], environment: "node" },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/e2e/support/globalSetup.ts"],
          // What the browser shows can take seconds on a busy machine; a poll gives up only after this.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // A scenario is a dozen such steps; on a machine busy with the other suites each takes seconds.
          testTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
