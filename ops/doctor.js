// `consulta doctor`: checks the server and explains in plain Spanish what is wrong and the command
// that fixes it (docs/operations.md, «consulta doctor»). Exit code 1 when something needs action,
// so a monitoring tool can run it.
//
// Each check is an exported async function (context) → { id, title, status, detail, fix? } that
// never throws and never hangs: an error becomes a "fallo" with its message, and every check has
// a deadline of its own. Only what cannot be tested on a developer's machine is injectable: the
// DNS lookup of the public domain and the free space of the disk.
import dns from "node:dns";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import nodemailer from "nodemailer";
import pg from "pg";
import { readEnvFile } from "./env-file.js";

/** @typedef {"ok" | "aviso" | "fallo"} Status */
/** @typedef {{ id: string, title: string, status: Status, detail: string, fix?: string }} Result */
/**
 * @typedef {object} Context
 * @property {ReturnType<typeof import("./paths.js").layout>} layout
 * @property {Record<string, string>} env The installation's env file.
 * @property {Date} now
 * @property {(host: string) => Promise<Array<{ address: string, family: number }>>} [resolve]
 * @property {(dir: string) => Promise<{ bavail: number, bsize: number, blocks: number }>} [statfs]
 * @property {number} [timeoutMs] Each network wait (TCP, TLS, HTTP, PostgreSQL); 3 s by default.
 * @property {number} [smtpTimeoutMs] Each SMTP wait; 10 s by default.
 * @property {number} [deadlineMs] Most a whole check may take; 20 s by default (SMTP: 45 s).
 * @property {string} [sendTestTo] Also send a test e-mail to this address.
 */

export const options = {
  raiz: { type: /** @type {const} */ ("string") },
  "enviar-prueba": { type: /** @type {const} */ ("string") },
  json: { type: /** @type {const} */ ("boolean"), default: false },
};

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** When each Node.js line stops receiving security fixes (https://nodejs.org/en/about/previous-releases). */
export const NODE_END_OF_LIFE = { 22: "2027-04-30", 24: "2028-04-30" };

/** A missing setting: the check fails and asks to run the installer again. */
class MissingSetting extends Error {}

/** @param {Context} ctx @param {string} key */
function setting(ctx, key) {
  const value = ctx.env[key]?.trim();
  if (!value) throw new MissingSetting(`Falta ${key} en ${ctx.layout.envFile}.`);
  return value;
}

/**
 * Wraps a check: adds its id and title, turns an error into a "fallo" and stops waiting after the
 * deadline.
 * @param {string} id @param {string} title
 * @param {(ctx: Context) => Promise<Omit<Result, "id" | "title">>} body
 * @param {number} [deadlineMs]
 * @returns {(ctx: Context) => Promise<Result>}
 */
function check(id, title, body, deadlineMs = 20_000) {
  return async (ctx) => {
    const limit = ctx.deadlineMs ?? deadlineMs;
    let timer;
    const late = new Promise((resolve) => {
      timer = setTimeout(
        () =>
          resolve({
            status: "fallo",
            detail: `La comprobación no terminó en ${seconds(limit)} s.`,
          }),
        limit,
      );
    });
    try {
      const result = await Promise.race([body(ctx), late]);
      return { id, title, ...result };
    } catch (error) {
      if (error instanceof MissingSetting) {
        return { id, title, status: "fallo", detail: error.message, fix: "consulta instalar" };
      }
      return { id, title, status: "fallo", detail: `La comprobación falló: ${message(error)}` };
    } finally {
      clearTimeout(timer);
    }
  };
}

/** @param {unknown} error */
function message(error) {
  if (error instanceof AggregateError && error.errors.length > 0) return message(error.errors[0]);
  if (error instanceof Error) return error.message || error.constructor.name;
  return String(error);
}

/** Why a connection failed, in words («conexión rechazada») when the code is a common one. */
function reason(error) {
  const code = error?.code ?? error?.cause?.code;
  if (code === "ECONNREFUSED") return "conexión rechazada: nada escucha ahí";
  if (code === "ECONNRESET") return "la conexión se cortó";
  return message(error?.cause ?? error);
}

/** @param {Context} ctx */
function domainOf(ctx) {
  const url = setting(ctx, "PUBLIC_URL");
  try {
    return new URL(url).hostname;
  } catch {
    throw new MissingSetting(`PUBLIC_URL no es una dirección válida: ${url}`);
  }
}

/** @param {Context} ctx @param {"CADDY_HTTP_PORT" | "CADDY_HTTPS_PORT"} key */
function caddyPort(ctx, key) {
  return Number(ctx.env[key] || (key === "CADDY_HTTP_PORT" ? 80 : 443));
}

/** @param {Context} ctx */
function appPorts(ctx) {
  return setting(ctx, "CONSULTA_PUERTOS")
    .split(",")
    .map((port) => port.trim())
    .filter(Boolean);
}

/** «3», «0,5» (seconds, as a Spanish reader writes them). @param {number} ms */
function seconds(ms) {
  return (ms / 1000).toLocaleString("es-ES", { maximumFractionDigits: 1 });
}

/** «hace 3 horas», «hace 2 días». @param {number} ms */
function ago(ms) {
  if (ms < HOUR) return `hace ${Math.max(0, Math.round(ms / 60_000))} minutos`;
  if (ms < 2 * DAY) return `hace ${Math.round(ms / HOUR)} horas`;
  return `hace ${Math.floor(ms / DAY)} días`;
}

/** @param {Date} date */
function day(date) {
  return date.toLocaleDateString("es-ES", { day: "numeric", month: "long", year: "numeric" });
}

/** «3,5 MB». @param {number} bytes */
function size(bytes) {
  const [unit, divisor] = bytes >= 1e9 ? ["GB", 1e9] : bytes >= 1e6 ? ["MB", 1e6] : ["kB", 1e3];
  const value = (bytes / divisor).toLocaleString("es-ES", { maximumFractionDigits: 1 });
  return `${value} ${unit}`;
}

/** The parsed JSON of a state file, or undefined when there is none (or it is unreadable). */
function readState(ctx, name) {
  try {
    return JSON.parse(fs.readFileSync(path.join(ctx.layout.stateDir, name), "utf8"));
  } catch {
    return undefined;
  }
}

// 1. DNS -------------------------------------------------------------------------------------

/** Every address of this machine's network interfaces. */
function localAddresses() {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined)
    .map((entry) => entry.address);
}

export const dnsCheck = check("dns", "Dominio", async (ctx) => {
  const domain = domainOf(ctx);
  if (domain === "localhost" || domain.endsWith(".localhost")) {
    return { status: "ok", detail: `${domain} es este mismo servidor.` };
  }
  const fix = `En el panel de tu proveedor del dominio, crea un registro A para ${domain} con la IP de este servidor.`;
  const resolve = ctx.resolve ?? ((host) => dns.promises.lookup(host, { all: true }));
  let found;
  try {
    found = (await resolve(domain)).map((entry) => entry.address);
  } catch (error) {
    return { status: "fallo", detail: `${domain} no existe en el DNS (${message(error)}).`, fix };
  }
  const here = localAddresses();
  const mine = found.filter((address) => here.includes(address));
  const elsewhere = found.filter((address) => !here.includes(address));
  // The addresses others can reach (not loopback, not IPv6 link-local).
  const ours = here.filter((address) => !/^(127\.|::1$|fe80:)/i.test(address));
  if (mine.length === 0) {
    return {
      status: "fallo",
      detail: `El dominio apunta a ${found.join(", ")}, no a este servidor (${ours.join(", ") || "sin IP pública"}).`,
      fix,
    };
  }
  if (elsewhere.length > 0) {
    return {
      status: "aviso",
      detail: `${domain} apunta a este servidor (${mine.join(", ")}) pero también a ${elsewhere.join(", ")}: parte de las visitas no llegará.`,
      fix: `En el panel de tu proveedor del dominio, borra los registros de ${domain} que apuntan a ${elsewhere.join(", ")}.`,
    };
  }
  return { status: "ok", detail: `${domain} apunta a este servidor (${mine.join(", ")}).` };
});

// 2. Ports -----------------------------------------------------------------------------------

/** Resolves when a TCP connection to 127.0.0.1:port opens; rejects on refusal or timeout. */
function connect(port, timeoutMs) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: "127.0.0.1", port, timeout: timeoutMs });
    socket.once("connect", () => {
      socket.destroy();
      resolve(undefined);
    });
    socket.once("timeout", () => {
      socket.destroy();
      reject(new Error(`sin respuesta en ${seconds(timeoutMs)} s`));
    });
    socket.once("error", reject);
  });
}

export const ports = check("puertos", "Puertos web", async (ctx) => {
  const wanted = [caddyPort(ctx, "CADDY_HTTP_PORT"), caddyPort(ctx, "CADDY_HTTPS_PORT")];
  const closed = [];
  for (const port of wanted) {
    await connect(port, ctx.timeoutMs ?? 3000).catch((error) =>
      closed.push(`${port} (${reason(error)})`),
    );
  }
  if (closed.length === 0) {
    return { status: "ok", detail: `Caddy escucha en los puertos ${wanted.join(" y ")}.` };
  }
  return {
    status: "fallo",
    detail: `Nadie escucha en el puerto ${closed.join(" ni en el ")}: la web no se puede visitar.`,
    fix: `systemctl restart caddy (y si sigue igual: journalctl -u caddy -n 50); abre el cortafuegos con ufw allow ${wanted.join(",")}/tcp`,
  };
});

// 3. Certificate -----------------------------------------------------------------------------

/** The certificate served on 127.0.0.1:port for `servername`. */
function peerCertificate(port, servername, timeoutMs) {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({
      host: "127.0.0.1",
      port,
      servername,
      rejectUnauthorized: false,
      timeout: timeoutMs,
    });
    socket.once("secureConnect", () => {
      const certificate = socket.getPeerCertificate();
      socket.destroy();
      resolve(certificate);
    });
    socket.once("timeout", () => {
      socket.destroy();
      reject(new Error(`sin respuesta en ${seconds(timeoutMs)} s`));
    });
    socket.once("error", reject);
  });
}

export const certificate = check("certificado", "Certificado HTTPS", async (ctx) => {
  const domain = domainOf(ctx);
  const fix =
    "Caddy lo renueva solo. Ejecuta systemctl restart caddy y mira journalctl -u caddy -n 50: si no lo consigue, casi siempre es porque el puerto 80 está cerrado o el dominio no apunta aquí.";
  const port = caddyPort(ctx, "CADDY_HTTPS_PORT");
  let cert;
  try {
    cert = await peerCertificate(port, domain, ctx.timeoutMs ?? 3000);
  } catch (error) {
    return {
      status: "fallo",
      detail: `No se pudo abrir una conexión segura en el puerto ${port} (${reason(error)}).`,
      fix,
    };
  }
  if (!cert?.valid_to) {
    return { status: "fallo", detail: "El servidor no presenta ningún certificado.", fix };
  }
  const mismatch = tls.checkServerIdentity(domain, cert);
  if (mismatch) {
    return {
      status: "fallo",
      detail: `El certificado no es de ${domain}: ${mismatch.message}`,
      fix,
    };
  }
  const expires = new Date(cert.valid_to);
  const days = Math.floor((expires.getTime() - ctx.now.getTime()) / DAY);
  if (days < 0) {
    return {
      status: "fallo",
      detail: `El certificado caducó el ${day(expires)}: los navegadores avisan de que la web no es segura.`,
      fix,
    };
  }
  const when = `caduca el ${day(expires)} (quedan ${days} días)`;
  if (days < 14) return { status: "fallo", detail: `El certificado ${when}.`, fix };
  if (days < 30) return { status: "aviso", detail: `El certificado ${when}.`, fix };
  return { status: "ok", detail: `Certificado válido para ${domain}; ${when}.` };
});

// 4. App instances ---------------------------------------------------------------------------

export const instances = check("instancias", "Aplicación", async (ctx) => {
  const down = [];
  const list = appPorts(ctx);
  await Promise.all(
    list.map(async (port) => {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/healthz`, {
          signal: AbortSignal.timeout(ctx.timeoutMs ?? 3000),
        });
        await response.body?.cancel();
        if (response.status !== 200) down.push({ port, why: `responde ${response.status}` });
      } catch (error) {
        down.push({ port, why: `no responde (${reason(error)})` });
      }
    }),
  );
  if (down.length === 0) {
    return {
      status: "ok",
      detail: `Las ${list.length} instancias responden (${list.join(", ")}).`,
    };
  }
  down.sort((a, b) => list.indexOf(a.port) - list.indexOf(b.port));
  return {
    status: "fallo",
    detail: down.map(({ port, why }) => `La instancia consulta@${port} ${why}.`).join(" "),
    fix: down
      .map(
        ({ port }) =>
          `systemctl restart consulta@${port} (qué pasó: journalctl -u consulta@${port} -n 50)`,
      )
      .join("; "),
  };
});

// 5. PostgreSQL ------------------------------------------------------------------------------

const POSTGRES_FIX =
  "systemctl restart postgresql (y si sigue igual: journalctl -u postgresql -n 50)";

/** Runs `fn` with a connected client, closed afterwards. */
async function withDatabase(ctx, fn) {
  const timeout = ctx.timeoutMs ?? 3000;
  const client = new pg.Client({
    connectionString: setting(ctx, "DATABASE_URL"),
    connectionTimeoutMillis: timeout,
    query_timeout: timeout,
  });
  client.on("error", () => {});
  try {
    await client.connect();
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

export const postgres = check("postgres", "Base de datos", async (ctx) => {
  let number;
  try {
    number = await withDatabase(ctx, async (client) => {
      const { rows } = await client.query("show server_version_num");
      return Number(rows[0].server_version_num);
    });
  } catch (error) {
    if (error instanceof MissingSetting) throw error;
    return {
      status: "fallo",
      detail: `No se puede conectar con PostgreSQL (${reason(error)}).`,
      fix: POSTGRES_FIX,
    };
  }
  const major = Math.floor(number / 10_000);
  const version = `${major}.${number % 100}`;
  if (major < 15) {
    return {
      status: "aviso",
      detail: `PostgreSQL ${version} responde, pero es una versión antigua (se necesita la 15 o posterior).`,
      fix: "Actualiza PostgreSQL a la versión del sistema (apt-get install postgresql) y vuelve a ejecutar consulta instalar.",
    };
  }
  return { status: "ok", detail: `PostgreSQL ${version} responde.` };
});

// 6. Migrations ------------------------------------------------------------------------------

/** The migrations the running release ships (drizzle/meta/_journal.json). */
function journal(ctx) {
  const candidates = [
    path.join(ctx.layout.current, "drizzle", "meta", "_journal.json"),
    path.join(import.meta.dirname, "..", "drizzle", "meta", "_journal.json"),
  ];
  const file = candidates.find((candidate) => fs.existsSync(candidate));
  if (!file) throw new Error("no se encuentra drizzle/meta/_journal.json");
  return /** @type {{ entries: Array<{ tag: string, when: number }> }} */ (
    JSON.parse(fs.readFileSync(file, "utf8"))
  ).entries;
}

export const migrations = check("migraciones", "Estructura de la base de datos", async (ctx) => {
  const entries = journal(ctx);
  // drizzle-orm's migrator (app/db/migrate.server.ts) applies every migration whose `when` is
  // later than the newest `created_at` recorded in drizzle.__drizzle_migrations.
  let last;
  try {
    last = await withDatabase(ctx, async (client) => {
      const { rows } = await client.query(
        "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
      );
      if (!rows[0].present) return 0;
      const newest = await client.query(
        "select coalesce(max(created_at), 0)::text as last from drizzle.__drizzle_migrations",
      );
      return Number(newest.rows[0].last);
    });
  } catch (error) {
    if (error instanceof MissingSetting) throw error;
    return {
      status: "fallo",
      detail: `No se puede consultar la base de datos (${reason(error)}).`,
      fix: POSTGRES_FIX,
    };
  }
  const pending = entries.filter((entry) => entry.when > last);
  if (pending.length > 0) {
    const port = appPorts(ctx)[0];
    return {
      status: "fallo",
      detail: `La base de datos tiene ${pending.length} de ${entries.length} actualizaciones pendientes (la primera: ${pending[0].tag}).`,
      fix: `systemctl restart consulta@${port} (la aplicación las aplica al arrancar; si falla: journalctl -u consulta@${port} -n 50)`,
    };
  }
  return {
    status: "ok",
    detail: `La base de datos tiene las ${entries.length} actualizaciones de esta versión.`,
  };
});

// 7. E-mail ----------------------------------------------------------------------------------

export const smtp = check(
  "smtp",
  "Correo",
  async (ctx) => {
    const url = ctx.env.SMTP_URL?.trim();
    if (!url) {
      return {
        status: "aviso",
        detail:
          "Los emails no se envían: se guardan en el servidor (no hay SMTP_URL en la configuración).",
        fix: "consulta instalar (pregunta los datos del servidor de correo)",
      };
    }
    const timeout = ctx.smtpTimeoutMs ?? 10_000;
    const transport = nodemailer.createTransport({
      url,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    });
    const server = `${new URL(url).hostname}:${new URL(url).port || "(puerto por defecto)"}`;
    const fix = `Revisa el usuario, la contraseña y el servidor de correo (${server}) y vuelve a ejecutar consulta instalar.`;
    try {
      await transport.verify();
      if (!ctx.sendTestTo) {
        return { status: "ok", detail: `El servidor de correo ${server} acepta la conexión.` };
      }
      const info = await transport.sendMail({
        from: ctx.env.MAIL_FROM || ctx.env.ADMIN_EMAIL,
        to: ctx.sendTestTo,
        subject: "Prueba de correo de la web",
        text: "Este mensaje lo envió «consulta doctor» para comprobar que la web puede enviar emails. Si lo recibes, el correo funciona.",
      });
      return {
        status: "ok",
        detail: `Email de prueba enviado a ${ctx.sendTestTo} (el servidor respondió: ${info.response}). Comprueba que llega, también en la carpeta de spam.`,
      };
    } catch (error) {
      const reply = /** @type {{ response?: string }} */ (error).response;
      return {
        status: "fallo",
        detail: `El servidor de correo ${server} no acepta: ${reply ?? message(error)}`,
        fix,
      };
    } finally {
      transport.close();
    }
  },
  45_000,
);

// 8. Backups ---------------------------------------------------------------------------------

/** The newest backup file (`*.age`) in the backup folder, by modification time. */
function newestBackup(dir) {
  if (!fs.existsSync(dir)) return undefined;
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".age"))
    .map((name) => {
      const stat = fs.statSync(path.join(dir, name));
      return { name, at: stat.mtime, size: stat.size };
    })
    .sort((a, b) => b.at.getTime() - a.at.getTime())[0];
}

export const backup = check("copia", "Copias de seguridad", async (ctx) => {
  const dir = ctx.env.BACKUP_DIR || ctx.layout.backupDir;
  const fix =
    "consulta copia (hace una ahora); comprueba que la copia diaria está activa con systemctl status consulta-copia.timer";
  const file = newestBackup(dir);
  const state = readState(ctx, "copia.json");
  const stateAt = state?.at ? new Date(state.at) : undefined;
  if (state?.ok === false && stateAt && (!file || stateAt > file.at)) {
    return {
      status: "fallo",
      detail: `La última copia (${day(stateAt)}, ${ago(ctx.now.getTime() - stateAt.getTime())}) falló: ${state.error ?? "sin detalles"}.`,
      fix,
    };
  }
  /** @type {{ at: Date, size: number } | undefined} */
  let last = file;
  if (state?.ok && stateAt && (!last || stateAt > last.at) && fs.existsSync(state.file ?? "")) {
    last = { at: stateAt, size: state.size ?? 0 };
  }
  if (!last) {
    return { status: "fallo", detail: `No hay ninguna copia de seguridad en ${dir}.`, fix };
  }
  const age = ctx.now.getTime() - last.at.getTime();
  const what = `La última es de ${ago(age)} (${size(last.size)})`;
  if (age > 48 * HOUR) {
    return {
      status: "fallo",
      detail: `No hay ninguna copia de las últimas 48 horas. ${what}.`,
      fix,
    };
  }
  if (last.size === 0) {
    return { status: "fallo", detail: `La última copia está vacía (0 bytes).`, fix };
  }
  return { status: "ok", detail: `${what}.` };
});

// 9. Restore drill ---------------------------------------------------------------------------

export const drill = check("simulacro", "Prueba de restauración", async (ctx) => {
  const fix = "consulta simulacro";
  const state = readState(ctx, "simulacro.json");
  if (!state?.at) {
    return {
      status: "aviso",
      detail: "Nunca se ha probado a restaurar una copia: no sabemos si las copias sirven.",
      fix,
    };
  }
  const at = new Date(state.at);
  const age = ctx.now.getTime() - at.getTime();
  if (!state.ok) {
    return {
      status: "fallo",
      detail: `La última prueba de restauración (${day(at)}) falló: ${state.details ?? "sin detalles"}.`,
      fix,
    };
  }
  if (age > 35 * DAY) {
    return {
      status: "aviso",
      detail: `La última prueba de restauración salió bien, pero fue ${ago(age)}.`,
      fix,
    };
  }
  return {
    status: "ok",
    detail: `La última prueba de restauración salió bien ${ago(age)} (copia ${state.backup}).`,
  };
});

// 10. Disk -----------------------------------------------------------------------------------

/** `dir`, or its nearest parent that exists. */
function existing(dir) {
  let current = path.resolve(dir);
  while (!fs.existsSync(current) && path.dirname(current) !== current) {
    current = path.dirname(current);
  }
  return current;
}

export const disk = check("disco", "Espacio en disco", async (ctx) => {
  const dir = existing(ctx.env.DATA_DIR || ctx.layout.dataDir);
  const stats = await (ctx.statfs ?? ((d) => fs.promises.statfs(d)))(dir);
  const free = stats.bavail * stats.bsize;
  const percent = (100 * stats.bavail) / stats.blocks;
  const detail = `Quedan ${size(free)} libres (${Math.round(percent)} %) en el disco de ${dir}.`;
  const fix = `Mira qué ocupa más con du -sh ${ctx.env.BACKUP_DIR || ctx.layout.backupDir} ${dir} /var/log; borra copias antiguas que ya estén guardadas en otro sitio, vacía los registros con journalctl --vacuum-size=200M, o amplía el disco en tu proveedor.`;
  if (percent < 10) return { status: "fallo", detail, fix };
  if (percent < 20) return { status: "aviso", detail, fix };
  return { status: "ok", detail };
});

// 11. Node.js --------------------------------------------------------------------------------

export const node = check("node", "Node.js", async (ctx) => {
  const version = process.versions.node;
  const major = Number(version.split(".")[0]);
  const fix =
    "Desde la carpeta del repositorio: ./ops/instalar --si-a-todo (descarga el Node.js 24 más reciente y reinicia la web con él)";
  const end = NODE_END_OF_LIFE[/** @type {22 | 24} */ (major)];
  if (!end) {
    return { status: "fallo", detail: `Node.js ${version} no está soportado.`, fix };
  }
  const left = Math.floor((new Date(end).getTime() - ctx.now.getTime()) / DAY);
  const when = `recibe arreglos de seguridad hasta el ${day(new Date(end))}`;
  if (left < 0) {
    return {
      status: "fallo",
      detail: `Node.js ${version} ya no recibe arreglos de seguridad.`,
      fix,
    };
  }
  if (left < 90) {
    return { status: "aviso", detail: `Node.js ${version} ${when} (quedan ${left} días).`, fix };
  }
  return { status: "ok", detail: `Node.js ${version} ${when}.` };
});

/** Every check, in the order they are shown. */
export const CHECKS = [
  dnsCheck,
  ports,
  certificate,
  instances,
  postgres,
  migrations,
  smtp,
  backup,
  drill,
  disk,
  node,
];

/** Runs every check (at the same time) and returns their results in order. @param {Context} ctx */
export function runChecks(ctx) {
  return Promise.all(CHECKS.map((run) => run(ctx)));
}

// Output -------------------------------------------------------------------------------------

/** Passwords in the env file's URLs, and any `user:password@` left in a text, become ***. */
export function redact(text, env) {
  let out = text;
  for (const key of ["DATABASE_URL", "SMTP_URL"]) {
    try {
      const password = new URL(env[key] ?? "").password;
      if (password) {
        for (const form of new Set([password, decodeURIComponent(password)])) {
          out = out.split(form).join("***");
        }
      }
    } catch {
      // Not a URL: nothing to hide.
    }
  }
  return out.replace(/(\w+:\/\/[^\s:/@]+):[^\s@]+@/g, "$1:***@");
}

const SYMBOL = { ok: "✔", aviso: "⚠", fallo: "✖" };

/** The Spanish report. @param {Result[]} results */
export function report(results) {
  const lines = [];
  for (const result of results) {
    lines.push(`${SYMBOL[result.status]} ${result.title}: ${result.detail}`);
    if (result.status !== "ok" && result.fix) lines.push(`    Cómo arreglarlo: ${result.fix}`);
  }
  const failures = results.filter((result) => result.status === "fallo").length;
  const warnings = results.filter((result) => result.status === "aviso").length;
  lines.push("");
  if (failures > 0) {
    lines.push(
      failures === 1 ? "1 cosa necesita atención." : `${failures} cosas necesitan atención.`,
    );
  } else if (warnings > 0) {
    lines.push(
      `Todo en orden (${warnings === 1 ? "1 aviso" : `${warnings} avisos`} para revisar).`,
    );
  } else {
    lines.push("Todo en orden.");
  }
  return lines.join("\n");
}

/**
 * @param {{ json?: boolean, "enviar-prueba"?: string }} values
 * @param {ReturnType<typeof import("./paths.js").layout>} layout
 */
export async function main(values, layout) {
  const env = readEnvFile(layout.envFile);
  /** @type {Result[]} */
  let results;
  if (Object.keys(env).length === 0) {
    results = [
      {
        id: "configuracion",
        title: "Configuración",
        status: "fallo",
        detail: `No existe ${layout.envFile}: la web no parece instalada en este servidor.`,
        fix: "consulta instalar",
      },
    ];
  } else {
    results = await runChecks({
      layout,
      env,
      now: new Date(),
      sendTestTo: values["enviar-prueba"],
    });
  }
  const text = values.json
    ? JSON.stringify({ ok: results.every((r) => r.status !== "fallo"), checks: results }, null, 2)
    : report(results);
  // State files come from a folder the site's user writes: no terminal control sequences.
  // eslint-disable-next-line no-control-regex
  console.log(redact(text, env).replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, ""));
  return results.some((result) => result.status === "fallo") ? 1 : 0;
}
