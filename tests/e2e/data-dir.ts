import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The E2E server's data directory (mail as .eml files, TOTP secrets of the test accounts). The
 * server writes its path to a file named after its port (tests/support/e2e-server.js), so two
 * checkouts can run the suite at once on different E2E_PORTs.
 */
export function e2eDataDir() {
  const pointer = path.join(os.tmpdir(), `psico-e2e-current-${process.env.E2E_PORT ?? "3210"}`);
  return fs.readFileSync(pointer, "utf8").trim();
}
