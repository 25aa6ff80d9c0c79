// The environment file of an installation (/etc/consulta/consulta.env): KEY=value lines, as
// systemd's EnvironmentFile= and a shell's `set -a; .` both read them.
import fs from "node:fs";

/** @param {string} text */
export function parseEnv(text) {
  /** @type {Record<string, string>} */
  const values = {};
  for (const line of text.split("\n")) {
    const match = /^\s*([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!match) continue;
    let value = match[2].trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
      value = value.slice(1, -1).replace(/\\(["\\$`])/g, "$1");
    }
    values[match[1]] = value;
  }
  return values;
}

/** A value quoted only when it needs it (spaces, quotes, `$`), in a form both readers accept. */
function quote(value) {
  return /^[A-Za-z0-9_@%+=:,./-]*$/.test(value)
    ? value
    : `"${value.replace(/(["\\$`])/g, "\\$1")}"`;
}

/** @param {Record<string, string>} values */
export function serializeEnv(values, header = "") {
  const lines = Object.entries(values).map(([key, value]) => `${key}=${quote(value)}`);
  return `${header}${lines.join("\n")}\n`;
}

/** @param {string} file */
export function readEnvFile(file) {
  return fs.existsSync(file) ? parseEnv(fs.readFileSync(file, "utf8")) : {};
}
