import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildPlan } from "../../scripts/ensure-build.js";
import {
  cookiesOf,
  createFirstAdmin,
  type RunningServer,
  setupLinkIn,
  startServer,
  tempDataDir,
} from "../support/server";

describe("npm start where `npm install` left out the development dependencies", () => {
  it("stops with a message that says what to do, instead of npx's 'could not determine executable'", () => {
    // A checkout without build/ whose node_modules lacks @react-router/dev and Vite, as after
    // `npm install` with NODE_ENV=production.
    const dir = tempDataDir("psico-start-");
    for (const entry of ["package.json", "scripts"]) {
      fs.cpSync(entry, path.join(dir, entry), { recursive: true });
    }
    fs.mkdirSync(path.join(dir, "node_modules"));
    const result = spawnSync(process.execPath, ["scripts/start.js"], {
      cwd: dir,
      env: { ...process.env, NODE_ENV: "production" },
      encoding: "utf8",
      timeout: 30_000,
    });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("npm install --include=dev");
    expect(result.stderr).toContain("NODE_ENV=production");
    expect(result.stderr).not.toMatch(/could not determine executable/i);
  });

  it("serves an existing build it cannot refresh, and builds whenever the tools are there", () => {
    expect(buildPlan({ builtAt: 2, changedAt: 1, toolsInstalled: false })).toBe("serve");
    expect(buildPlan({ builtAt: 1, changedAt: 2, toolsInstalled: false })).toBe("stale");
    expect(buildPlan({ builtAt: 0, changedAt: 2, toolsInstalled: false })).toBe("missing");
    expect(buildPlan({ builtAt: 1, changedAt: 2, toolsInstalled: true })).toBe("build");
    expect(buildPlan({ builtAt: 0, changedAt: 2, toolsInstalled: true })).toBe("build");
  });
});

describe("the built server with a setting it cannot read", () => {
  it("does not start, and says which variable and why, in Spanish", () => {
    const result = spawnSync(process.execPath, ["server/main.js"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATA_DIR: tempDataDir(),
        PORT: "0",
        // A typo: the limits must not be lifted quietly, nor kept quietly either.
        RATE_LIMIT_DISABLED: "yes",
        OUTBOX_INTERVAL_MS: "10",
      },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Configuración no válida");
    expect(result.stderr).toMatch(/RATE_LIMIT_DISABLED: debe ser 1/);
    expect(result.stderr).toMatch(/OUTBOX_INTERVAL_MS: debe ser al menos 50/);
  });
});

/** Waits (at most 10 s) until the server has printed its setup frame, then returns the output. */
async function outputWithFrame(server: RunningServer) {
  const deadline = Date.now() + 10_000;
  while (!/└─+┘/.test(server.output()) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return server.output();
}

describe("a start without accounts", () => {
  it("prints the setup link last, framed, in Spanish; a new one each start until the account exists", async () => {
    const dataDir = tempDataDir();
    let server = await startServer({ dataDir, env: { LOG_LEVEL: "info" }, timeoutMs: 50_000 });
    let first: URL;
    try {
      const output = await outputWithFrame(server);
      const lines = output.trimEnd().split("\n");
      // The last lines are the frame, after every log line (the listening notice included).
      const top = lines.findLastIndex((line) => /^┌─+┐$/.test(line));
      expect(top).toBeGreaterThan(0);
      expect(lines.at(-1)).toMatch(/^└─+┘$/);
      const frame = lines.slice(top);
      expect(new Set(frame.map((line) => [...line].length)).size).toBe(1);
      expect(lines.slice(0, top).join("\n")).toContain("Servidor escuchando");
      expect(frame.join("\n")).toContain("crear la cuenta de administrador");
      first = setupLinkIn(output)!;
      expect(first).not.toBeNull();
      const token = first.searchParams.get("token")!;
      // The link is only in the frame: the JSON log line says where to look, without the token.
      const logLines = lines.slice(0, top).filter((line) => line.startsWith("{"));
      expect(logLines.some((line) => line.includes("Primera puesta en marcha"))).toBe(true);
      expect(logLines.some((line) => line.includes(token))).toBe(false);
      const page = await fetch(`${server.url}${first.pathname}${first.search}`);
      const html = await page.text();
      expect(html).toContain("Paso 1 de 2");
      expect(html).toContain("Crear cuenta de administrador");
    } finally {
      await server.stop();
    }

    // Still no account: the next start prints a fresh link, framed again.
    server = await startServer({ dataDir, env: { LOG_LEVEL: "info" }, timeoutMs: 50_000 });
    try {
      const second = setupLinkIn(await outputWithFrame(server))!;
      expect(second).not.toBeNull();
      expect(second.searchParams.get("token")).not.toBe(first.searchParams.get("token"));
      const created = await createFirstAdmin(server, {
        name: "Ana",
        email: "ana@example.com",
        password: "una frase larga para la administradora",
      });
      expect(created.status).toBe(302);
      expect(cookiesOf(created)).toContain("session_token");
      // Any earlier link now says the account exists.
      const used = await fetch(`${server.url}${first.pathname}${first.search}`);
      expect(await used.text()).toContain("La cuenta ya está creada:");
    } finally {
      await server.stop();
    }

    // With the account, a start prints no frame and no link.
    server = await startServer({ dataDir, env: { LOG_LEVEL: "info" }, timeoutMs: 50_000 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(server.output()).toContain("Servidor escuchando");
      expect(server.output()).not.toMatch(/┌|auth\/configurar/);
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000); // three starts of the server
});
