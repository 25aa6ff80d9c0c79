import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/** `consulta <orden>` as a person types it: help, a wrong option, an order on a bare server. */
const root = fs.mkdtempSync(path.join(os.tmpdir(), "consulta-cli-"));
const consulta = (...args: string[]) => {
  const result = spawnSync(process.execPath, ["ops/cli.js", ...args], { encoding: "utf8" });
  return { status: result.status, out: result.stdout + result.stderr };
};

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("consulta (ops/cli.js)", () => {
  it("lists the orders, and each order's options with --help", () => {
    const usage = consulta();
    expect(usage.status).toBe(0);
    for (const order of ["instalar", "doctor", "copia", "simulacro", "actualizar"]) {
      expect(usage.out).toContain(order);
    }
    const help = consulta("instalar", "--help");
    expect(help.status).toBe(0);
    expect(help.out).toContain("--dominio <valor>");
    expect(help.out).toContain("--sin-correo");
  });

  it("refuses an unknown order or option in Spanish, with exit code 1 or 2", () => {
    expect(consulta("borrar-todo").status).toBe(2);
    const wrong = consulta("doctor", "--no-existe");
    expect(wrong.status).toBe(1);
    expect(wrong.out).toContain("opción no válida");
    expect(wrong.out).toContain("consulta doctor --help");
  });

  it("explains what is missing on a server without the guided installation, without a stack trace", () => {
    const update = consulta("actualizar", "--raiz", root);
    expect(update.status).toBe(1);
    expect(update.out).toContain("No hay ninguna instalación guiada en este servidor");
    expect(update.out).not.toMatch(/\n\s+at /);
    const install = consulta("instalar", "--raiz", root);
    expect(install.status).toBe(1);
    expect(install.out).toContain("Falta un dato: Dominio de la web");
  });
});
