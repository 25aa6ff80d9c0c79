import { defineConfig } from "vitest/config";

/** Tests of the built server over real HTTP (run after `npm run build`). */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/server/**/*.test.ts", "tests/ops/**/*.test.ts"],
    environment: "node",
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    // One migrated embedded database, copied for each server a test starts (server-template.ts).
    globalSetup: ["tests/support/server-template.ts"],
    // A server start may take tens of seconds on a loaded two-core machine (startServer waits 90 s).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two files at a time: each starts its own servers on free ports and its own databases.
    maxWorkers: 2,
  },
});
