// Where a server installation keeps each thing (docs/operations.md, «Instalación guiada»).
// Every path hangs from `root` ("/" on a server): the tests install into a temporary folder.
import path from "node:path";

/** The system user, database, role and unit prefix of an installation. */
export const NAME = "consulta";

/** @param {string} [root] */
export function layout(root = "/") {
  const at = (...parts) => path.join(root, ...parts);
  return {
    root,
    /** Configuration, readable by root and the service user only. */
    etcDir: at("etc", NAME),
    envFile: at("etc", NAME, `${NAME}.env`),
    /** What the installer was told (domain, e-mail, ports): re-runs start from it. */
    answersFile: at("etc", NAME, "instalacion.json"),
    /** The server's own age identity (decrypts backups for the restore drill) and the recipients. */
    backupKey: at("etc", NAME, "copias.key"),
    backupRecipients: at("etc", NAME, "copias.pub"),
    /** Releases side by side; `current` points at the one running. */
    srvDir: at("srv", NAME),
    releasesDir: at("srv", NAME, "releases"),
    current: at("srv", NAME, "current"),
    dataDir: at("var", "lib", NAME),
    /** Results of the operations (last backup, last restore drill, last update) as JSON. */
    stateDir: at("var", "lib", NAME, "estado"),
    backupDir: at("var", "backups", NAME),
    caddyfile: at("etc", "caddy", "Caddyfile"),
    unitsDir: at("etc", "systemd", "system"),
    journaldDropIn: at("etc", "systemd", "journald.conf.d", `${NAME}.conf`),
    command: at("usr", "local", "bin", NAME),
    /** The Node.js the services run (a copy of the one the installer ran with: 22 or 24). */
    nodeBin: at("opt", NAME, "node", "bin", "node"),
  };
}
