/** What a worker's E2E server tells the fixtures (tests/support/e2e-server.js writes it). */
export interface E2EServer {
  url: string;
  /** Mail as .eml files, the TOTP secrets of the test accounts. */
  dataDir: string;
  databaseUrl: string;
  authSecret: string;
}

let current: E2EServer | undefined;

/** Set by the worker's `e2eServer` fixture (tests/e2e/fixtures.ts) while its server runs. */
export function setE2EServer(server: E2EServer | undefined) {
  current = server;
}

/** The server of the running test's worker. */
export function e2eServerInfo() {
  if (!current) throw new Error("Sin servidor E2E: la prueba debe usar `test` de ./fixtures");
  return current;
}

/** The data directory of the E2E server the running test talks to. */
export function e2eDataDir() {
  return e2eServerInfo().dataDir;
}
