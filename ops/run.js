// Runs the system's tools (apt-get, psql, pg_dump, age, caddy, git, npm) without a shell, and
// turns a failure into one Spanish sentence that names the command.
import { spawn } from "node:child_process";

export class OpsError extends Error {}

/**
 * @param {string} command
 * @param {string[]} args
 * @param {{ input?: string | Buffer, env?: NodeJS.ProcessEnv, cwd?: string, allowFail?: boolean, uid?: number, gid?: number }} [options]
 * @returns {Promise<{ code: number, stdout: string, stderr: string }>}
 */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      uid: options.uid,
      gid: options.gid,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
    child.on("error", (error) =>
      reject(new OpsError(`No se pudo ejecutar ${command}: ${error.message}`)),
    );
    child.on("close", (code) => {
      const result = { code: code ?? 1, stdout, stderr };
      if (result.code !== 0 && !options.allowFail) {
        const detail = (stderr || stdout).trim().split("\n").slice(-3).join(" / ");
        reject(
          new OpsError(
            `${command} ${args[0] ?? ""} terminó con el código ${result.code}: ${detail}`,
          ),
        );
      } else resolve(result);
    });
    // A command that exits without reading its input must not crash this process (EPIPE).
    child.stdin.on("error", () => {});
    child.stdin.end(options.input ?? "");
  });
}

/** Whether a program is on the PATH. */
export async function has(command) {
  const result = await run("sh", ["-c", 'command -v "$1"', "sh", command], { allowFail: true });
  return result.code === 0;
}
