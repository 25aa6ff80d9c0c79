import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "@playwright/test";

/**
 * The data directory (mail as .eml files, TOTP secrets of the test accounts) of the E2E server the
 * running test talks to. Each server writes its path to a file named after its port
 * (tests/support/e2e-server.js): the suite runs three servers (playwright.config.ts), and two
 * checkouts can run the suite at once on different E2E_PORTs.
 */
export function e2eDataDir() {
  const port = new URL(test.info().project.use.baseURL!).port;
  const pointer = path.join(os.tmpdir(), `psico-e2e-current-${port}`);
  return fs.readFileSync(pointer, "utf8").trim();
}
