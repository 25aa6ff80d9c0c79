import os from "node:os";
import { defineConfig, devices } from "@playwright/test";
import type { E2EOptions } from "./tests/e2e/fixtures";
import { CHROMIUM_FLAGS, HEADLESS_SHELL_PATH } from "./tests/support/site.js";

// Each worker starts a server and PostgreSQL database of its own (the `e2eServer` fixture in
// tests/e2e/fixtures.ts), so files run in parallel without sharing state; the tests of one file
// run in order on their worker's server. E2E_WORKERS overrides how many run at once.
const workers = Number(process.env.E2E_WORKERS ?? Math.max(2, Math.min(4, os.cpus().length)));

// HYDRATION=immediate (docs/decisions/014): early input and cached pages again with React Router's
// plain hydration, on servers started in that mode (the rest of the suite runs the default).
const IMMEDIATE = /(?:early-input|page-cache)\.spec\.ts$/;

const desktop = { ...devices["Desktop Chrome"], channel: undefined };

export default defineConfig<E2EOptions>({
  testDir: "tests/e2e",
  // Two workers share two cores with their servers: a step takes longer than on an idle machine.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers,
  retries: 0,
  reporter: [["list"]],
  use: {
    locale: "es-ES",
    timezoneId: "Europe/Madrid",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: HEADLESS_SHELL_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    { name: "desktop", use: desktop },
    {
      name: "hydration-immediate",
      testMatch: IMMEDIATE,
      metadata: { hydration: "immediate" },
      use: { ...desktop, hydration: "immediate" },
    },
  ],
});
