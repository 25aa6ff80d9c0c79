// Questions on the terminal, in Spanish, with the previous answer as the default (Enter keeps it).
import readline from "node:readline/promises";
import { OpsError } from "./run.js";

/** Reads a line typed on the terminal without echoing it (a password). */
export function readHidden(prompt) {
  const stdin = process.stdin;
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding("utf8");
  return new Promise((resolve) => {
    let value = "";
    const onData = (chunk) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n" || ch === "\u0004") {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off("data", onData);
          process.stderr.write("\n");
          resolve(value);
          return;
        }
        if (ch === "\u0003") {
          stdin.setRawMode(false);
          process.stderr.write("\n");
          process.exit(130);
        }
        if (ch === "\u007f" || ch === "\b") value = value.slice(0, -1);
        else value += ch;
      }
    };
    stdin.on("data", onData);
  });
}

/**
 * @param {string} question
 * @param {string | undefined} previous  offered as the default
 * @param {boolean} quiet  take the default without asking (--si-a-todo)
 */
export async function ask(question, previous, quiet, { hidden = false } = {}) {
  if (quiet || !process.stdin.isTTY) {
    if (previous !== undefined) return previous;
    throw new OpsError(
      `Falta un dato: ${question}. Ejecuta la orden en un terminal para que lo pregunte, o pásalo como opción (consulta instalar --help).`,
    );
  }
  if (hidden) return readHidden(`${question}: `);
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = (
      await rl.question(previous ? `${question} [${previous}]: ` : `${question}: `)
    ).trim();
    return answer || previous;
  } finally {
    rl.close();
  }
}
