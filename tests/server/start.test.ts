import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildPlan } from "../../scripts/ensure-build.js";
import { tempDataDir } from "../support/server";

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
