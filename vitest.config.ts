import { defineConfig } from "vitest/config";
import { headingFont } from "./scripts/heading-font.js";
import { siteScript } from "./vite.config.ts";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  // app/utils/after-first-screen.ts imports the heading font the build cuts; app/root.tsx the
  // site script's address.
  plugins: [headingFont(), siteScript()],
  test: {
    include: ["app/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    // Files the app writes during tests (e-mails as .eml, secrets) go to a throwaway folder per file.
    setupFiles: ["tests/support/own-data-dir.ts", "tests/support/fail-on-console-error.ts"],
    // Migrates one PGlite and one PostgreSQL database per run; each test database is a copy.
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file still gets a fresh worker of its own (isolation), but a thread, not a process:
    // half the system time and ~25 % less CPU than `forks` (docs/quality.md#pruebas-npm-test).
    pool: "threads",
    // A PGlite instance costs ~0.8 GB, and the suite keeps 2 cores busy: a third worker only took
    // a larger share of a machine loaded by other work, for the same CPU time.
    maxWorkers: 2,
    env: { NODE_ENV: "test", LOG_LEVEL: "silent" },
  },
});
