import { defineConfig } from "vitest/config";
import { headingFont } from "./scripts/heading-font.js";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // app/utils/after-first-screen.ts imports the heading font the build cuts.
  plugins: [headingFont()],
  test: {
    include: ["app/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    // Files the app writes during tests (e-mails as .eml, secrets) go to a throwaway folder per file.
    setupFiles: ["tests/support/own-data-dir.ts", "tests/support/fail-on-console-error.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A PGlite instance costs ~0.8 GB: keep workers few on 2-core machines.
    maxWorkers: 2,
    env: { NODE_ENV: "test", LOG_LEVEL: "silent" },
  },
});
