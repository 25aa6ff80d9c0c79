import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./tests/support/site.js";

const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://localhost:${port}`;

// Scheduled publishing waits for the clock (about three minutes, mostly idle). It runs on a server
// and database of its own, on the next port, alongside the rest of the suite, which shares one
// server and runs one file at a time. tests/e2e/data-dir.ts finds each server's data directory
// by the port of the test's own project.
const SCHEDULING = /scheduled-publishing\.spec\.ts$/;
const schedulingPort = port + 1;

// HYDRATION=immediate (docs/decisions/014): early input and cached pages again with React Router's
// plain hydration, on a third server two ports up (the rest of the suite runs the default).
const IMMEDIATE = /(?:early-input|page-cache)\.spec\.ts$/;
const immediatePort = port + 2;

function server(on: number, env: Record<string, string> = {}) {
  return {
    command: "node tests/support/e2e-server.js",
    url: `http://localhost:${on}/healthz`,
    reuseExistingServer: false,
    timeout: 90_000,
    env: { E2E_PORT: String(on), ...env },
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  };
}

const desktop = { ...devices["Desktop Chrome"], channel: undefined };

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  // One worker per project (below): two files never share a server at the same time.
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL,
    locale: "es-ES",
    timezoneId: "Europe/Madrid",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    {
      name: "scheduling",
      testMatch: SCHEDULING,
      workers: 1,
      use: { ...desktop, baseURL: `http://localhost:${schedulingPort}` },
    },
    { name: "desktop", testIgnore: SCHEDULING, workers: 1, use: desktop },
    {
      name: "hydration-immediate",
      testMatch: IMMEDIATE,
      workers: 1,
      metadata: { hydration: "immediate" },
      use: { ...desktop, baseURL: `http://localhost:${immediatePort}` },
    },
  ],
  webServer: [
    server(port),
    server(schedulingPort),
    server(immediatePort, { HYDRATION: "immediate" }),
  ],
});
