import { defineConfig } from "vitest/config";

/** Tests of the built server over real HTTP (run after `npm run build`). */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/server/**/*.test.ts"],
    environment: "node",
    setupFiles: ["tests/support/fail-on-console-error.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two files at a time: each starts its own servers on free ports and its own databases.
    maxWorkers: 2,
  },
});
