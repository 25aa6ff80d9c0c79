import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { isAddressOrCidr } from "./client-ip.server";
import { HYDRATION_MODES } from "./hydration";

/**
 * Configuration comes from environment variables, validated once at start-up.
 * Every variable has a working default for `npm start`; the auth secret is generated
 * on first start and kept in DATA_DIR when not given.
 */
const S3_REQUIRED = [
  "S3_ENDPOINT",
  "S3_BUCKET",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
] as const;

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    // Loopback by default: listening publicly is a decision (HOST=0.0.0.0 behind the proxy).
    HOST: z.string().min(1).default("127.0.0.1"),
    // Proxies whose X-Forwarded-For is believed: addresses or CIDR ranges, none by default.
    TRUST_PROXY: z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .refine((entries) => entries.every(isAddressOrCidr), {
        error:
          "debe ser una lista de direcciones IP o rangos CIDR separados por comas (p. ej. 127.0.0.1,10.0.0.0/8)",
      }),
    // Largest accepted request body (forms, JSON), in KB; image uploads have their own limit.
    MAX_BODY_KB: z.coerce
      .number({ error: "debe ser un número de KB" })
      .int("debe ser un número entero de KB")
      .min(1, "debe ser al menos 1")
      .max(10_240, "debe ser como mucho 10240 (10 MB)")
      .default(64),
    // The page cache for anonymous visitors (server/page-cache.ts): its memory cap in MB, and
    // CACHE_DISABLED=1 to turn it off (debugging; every page is then rendered for every visit).
    PAGE_CACHE_MAX_MB: z.coerce
      .number({ error: "debe ser un número de MB" })
      .int("debe ser un número entero de MB")
      .min(1, "debe ser al menos 1")
      .max(4096, "debe ser como mucho 4096 (4 GB)")
      .default(64),
    CACHE_DISABLED: z
      .enum(["0", "1", "true", "false", ""], { error: "debe ser 1 (desactivada) o 0" })
      .default("0")
      .transform((value) => value === "1" || value === "true"),
    // How visitors' pages hydrate (docs/decisions/014): after the first paint (`deferred`), or
    // React Router's plain hydration (`immediate`: no stream rewrite, font and manifest at once).
    HYDRATION: z
      .enum(HYDRATION_MODES, {
        error: "debe ser deferred (tras la primera pintura) o immediate (hidratación directa)",
      })
      .default("deferred"),
    // Contact sends per client in 15 minutes (5); raised only for load tests.
    CONTACT_RATE_LIMIT: z.coerce
      .number({ error: "debe ser un número de envíos" })
      .int("debe ser un número entero de envíos")
      .min(1, "debe ser al menos 1")
      .default(5),
    // Visitor reviews per client in an hour (3); raised only for tests that send many.
    REVIEW_RATE_LIMIT: z.coerce
      .number({ error: "debe ser un número de reseñas" })
      .int("debe ser un número entero de reseñas")
      .min(1, "debe ser al menos 1")
      .default(3),
    // RATE_LIMIT_DISABLED=1 lifts every rate limit: load benchmarks only, never in production.
    RATE_LIMIT_DISABLED: z
      .enum(["0", "1"], { error: "debe ser 1 (sin límites, solo para medir carga) o 0" })
      .default("0")
      .transform((value) => value === "1"),
    // The e-mail outbox: how often it looks for mail to send, and the first wait after a failed
    // delivery (doubling each time). Tests shorten both.
    OUTBOX_INTERVAL_MS: z.coerce
      .number({ error: "debe ser un número de milisegundos" })
      .int("debe ser un número entero de milisegundos")
      .min(50, "debe ser al menos 50")
      .max(3_600_000, "debe ser como mucho 3600000 (una hora)")
      .default(3000),
    OUTBOX_RETRY_BASE_MS: z.coerce
      .number({ error: "debe ser un número de milisegundos" })
      .int("debe ser un número entero de milisegundos")
      .min(50, "debe ser al menos 50")
      .max(86_400_000, "debe ser como mucho 86400000 (un día)")
      .default(30_000),
    // The live notices' stream (/api/eventos): each heartbeat re-checks the session, one query
    // per open stream, so never below 100 ms.
    EVENTS_HEARTBEAT_MS: z.coerce
      .number({ error: "debe ser un número de milisegundos" })
      .int("debe ser un número entero de milisegundos")
      .min(100, "debe ser al menos 100")
      .max(3_600_000, "debe ser como mucho 3600000 (una hora)")
      .default(25_000),
    // Revisions kept per article (the oldest beyond this are pruned on each save).
    ARTICLE_REVISIONS_KEPT: z.coerce
      .number({ error: "debe ser un número de revisiones" })
      .int("debe ser un número entero de revisiones")
      .min(2, "debe ser al menos 2")
      .max(1000, "debe ser como mucho 1000")
      .default(30),
    // The SQL migrations (drizzle/ in the repository and next to the build).
    MIGRATIONS_DIR: z.string().min(1).default("drizzle"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "debe empezar por postgres:// o postgresql://")
      .optional(),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/, error: "debe ser una URL http(s) válida" })
      .optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "debe empezar por smtp:// o smtps://")
      .optional(),
    MAIL_FROM: z.string().min(3).default("Consulta de Psicología <no-responder@localhost>"),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    AUTH_SECRET: z.string().min(32, "debe tener al menos 32 caracteres").optional(),
    // The master key of the clinical data at rest (app/platform/sealed.server.ts): the key itself
    // (32 bytes in hex or base64), or the file holding it; by default DATA_DIR's sibling
    // `<DATA_DIR>.clave-clinica`, created on first use. Never inside DATA_DIR.
    CLINICAL_KEY: z
      .string()
      .regex(
        /^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/,
        "debe ser una clave de 32 bytes en hexadecimal (64 caracteres) o en base64",
      )
      .optional(),
    CLINICAL_KEY_FILE: z.string().min(1).optional(),
    ADMIN_IDLE_MINUTES: z.coerce
      .number({ error: "debe ser un número de minutos" })
      .int("debe ser un número entero de minutos")
      .min(1, "debe ser al menos 1 minuto")
      .max(1440, "debe ser como máximo 1440 minutos (24 horas)")
      .default(60),
    // Almacenamiento de imágenes compatible con S3 (sin estas variables: disco en DATA_DIR/media)
    S3_ENDPOINT: z
      .url({ protocol: /^https?$/, error: "debe ser una URL http(s) válida" })
      .optional(),
    S3_BUCKET: z.string().min(1).max(255).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
  })
  .superRefine((env, ctx) => {
    const given = S3_REQUIRED.filter((name) => env[name] !== undefined);
    if (given.length === 0 || given.length === S3_REQUIRED.length) return;
    for (const name of S3_REQUIRED) {
      if (env[name] === undefined) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: `falta: para usar S3 hay que definir ${S3_REQUIRED.join(", ")} (solo se han definido ${given.join(", ")})`,
        });
      }
    }
  })
  .transform((env) => ({
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
  }));

export type Env = z.infer<typeof EnvSchema> & { AUTH_SECRET: string };

/** Parses an environment; throws one readable Spanish error listing every bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv): z.infer<typeof EnvSchema> {
  const clean = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const result = EnvSchema.safeParse(clean);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Configuración no válida:\n${lines.join("\n")}`);
  }
  return result.data;
}

function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "secrets.json");
  try {
    const saved = JSON.parse(fs.readFileSync(file, "utf8")) as { authSecret?: unknown };
    if (typeof saved.authSecret === "string" && saved.authSecret.length >= 32) {
      return saved.authSecret;
    }
  } catch {
    // absent or unreadable: generate below
  }
  const authSecret = randomBytes(32).toString("base64url");
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ authSecret }, null, 2), { mode: 0o600 });
  return authSecret;
}

let cached: Env | undefined;

export function getEnv(): Env {
  if (!cached) {
    const parsed = parseEnv(process.env);
    cached = { ...parsed, AUTH_SECRET: parsed.AUTH_SECRET ?? loadOrCreateSecret(parsed.DATA_DIR) };
  }
  return cached;
}

/** For tests that change the environment between cases. */
export function resetEnvCache() {
  cached = undefined;
}
