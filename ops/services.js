// Starting and stopping what the installer sets up. On a server, systemd does it; where no
// systemd runs (the tests, a container), `directServices` starts the same units itself: it reads
// the unit files the installer wrote (user, folder, environment, command), so what is tested is
// what systemd would run.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseEnv } from "./env-file.js";
import { run } from "./run.js";

/**
 * @typedef {object} Services
 * @property {(unit: string) => Promise<void>} start
 * @property {(unit: string) => Promise<void>} stop
 * @property {(unit: string) => Promise<void>} restart
 * @property {(unit: string) => Promise<void>} enable  start at boot (timers, instances)
 * @property {() => Promise<void>} reloadUnits          after unit files changed
 * @property {() => Promise<void>} reloadCaddy          after the Caddyfile changed
 * @property {(unit: string) => Promise<string>} logs   the unit's recent output
 */

/** @returns {Services} */
export function systemdServices() {
  const systemctl = async (...args) => void (await run("systemctl", args));
  return {
    start: (unit) => systemctl("start", unit),
    stop: (unit) => systemctl("stop", unit),
    restart: (unit) => systemctl("restart", unit),
    enable: (unit) => systemctl("enable", unit),
    reloadUnits: () => systemctl("daemon-reload"),
    // reload-or-restart: the first time Caddy may not be running yet.
    reloadCaddy: () => systemctl("reload-or-restart", "caddy"),
    logs: async (unit) =>
      (await run("journalctl", ["-u", unit, "-n", "300", "-o", "cat", "--no-pager"])).stdout,
  };
}

/** The [Service] settings of a unit file, with `%i` replaced by the instance. */
export function serviceSettings(text, instance = "") {
  /** @type {Record<string, string[]>} */
  const settings = {};
  let section = "";
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    if (line.startsWith("[")) section = line;
    else if (section === "[Service]") {
      const at = line.indexOf("=");
      const key = line.slice(0, at);
      (settings[key] ??= []).push(line.slice(at + 1).replaceAll("%i", instance));
    }
  }
  return settings;
}

/**
 * Runs units as child processes of this one. `caddy` runs `caddy run` on the layout's Caddyfile,
 * with its certificates and state under `caddyHome`.
 * @param {{ unitsDir: string, caddyfile: string, caddyHome: string }} where
 * @returns {Services & { stopAll: () => Promise<void> }}
 */
export function directServices(where) {
  /** @type {Map<string, { child: import("node:child_process").ChildProcess, output: string[] }>} */
  const running = new Map();

  function launch(unit, command, args, options) {
    const output = [];
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding("utf8").on("data", (d) => output.push(d));
    }
    running.set(unit, { child, output });
  }

  async function start(unit) {
    // No clock here: whoever runs these services runs the timers' orders when it wants them.
    if (unit.endsWith(".timer")) return;
    if (running.get(unit)?.child.exitCode === null) return;
    if (unit === "caddy") {
      const home = where.caddyHome;
      launch("caddy", "caddy", ["run", "--config", where.caddyfile, "--adapter", "caddyfile"], {
        env: { ...process.env, HOME: home, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home },
      });
      // Ready once it says so (systemd's Type=notify, here read from its log).
      const deadline = Date.now() + 30_000;
      while (!running.get("caddy").output.join("").includes("serving initial configuration")) {
        if (Date.now() > deadline || running.get("caddy").child.exitCode !== null) {
          throw new Error(`Caddy no arranca:\n${running.get("caddy").output.join("")}`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      return;
    }
    const [name, instance = ""] = unit.replace(/\.service$/, "").split("@");
    const file = path.join(where.unitsDir, instance ? `${name}@.service` : `${name}.service`);
    const s = serviceSettings(fs.readFileSync(file, "utf8"), instance);
    const env = { PATH: process.env.PATH ?? "" };
    for (const envFile of s.EnvironmentFile ?? [])
      Object.assign(env, parseEnv(fs.readFileSync(envFile, "utf8")));
    for (const pair of s.Environment ?? []) {
      const at = pair.indexOf("=");
      env[pair.slice(0, at)] = pair.slice(at + 1);
    }
    const [command, ...args] = (s.ExecStart?.[0] ?? "").split(" ");
    /** @type {{ uid?: number, gid?: number }} */
    const ids = {};
    if (process.getuid?.() === 0 && s.User?.[0]) {
      const { stdout } = await run("id", ["-u", s.User[0]]);
      ids.uid = Number(stdout.trim());
      ids.gid = Number((await run("id", ["-g", s.User[0]])).stdout.trim());
    }
    launch(unit, command, args, { cwd: s.WorkingDirectory?.[0], env, ...ids });
  }

  async function stop(unit) {
    const entry = running.get(unit);
    if (!entry || entry.child.exitCode !== null || entry.child.signalCode) return;
    const exited = new Promise((resolve) => entry.child.once("exit", resolve));
    entry.child.kill("SIGTERM");
    const timer = setTimeout(() => entry.child.kill("SIGKILL"), 20_000);
    await exited;
    clearTimeout(timer);
  }

  return {
    start,
    stop,
    restart: async (unit) => {
      await stop(unit);
      await start(unit);
    },
    enable: async () => {},
    reloadUnits: async () => {},
    reloadCaddy: async () => {
      await stop("caddy");
      await start("caddy");
    },
    logs: async (unit) => running.get(unit)?.output.join("") ?? "",
    stopAll: async () => {
      await Promise.all([...running.keys()].map((unit) => stop(unit)));
    },
  };
}

/** A home for Caddy's state when the tests run it (certificates of its internal authority). */
export function caddyHomeIn(dir = os.tmpdir()) {
  return fs.mkdtempSync(path.join(dir, "caddy-"));
}
