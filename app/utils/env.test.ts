import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { getEnv, parseEnv, resetEnvCache } from "./env.server";

describe("environment", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    resetEnvCache();
  });

  it("has working defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.DATA_DIR).toBe(path.resolve("./data"));
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.HOST).toBe("127.0.0.1");
    expect(env.TRUST_PROXY).toEqual([]);
    expect(env.MAX_BODY_KB).toBe(64);
  });

  it("keeps 30 revisions per article unless ARTICLE_REVISIONS_KEPT says otherwise (2 to 1000)", () => {
    expect(parseEnv({}).ARTICLE_REVISIONS_KEPT).toBe(30);
    expect(parseEnv({ ARTICLE_REVISIONS_KEPT: "5" }).ARTICLE_REVISIONS_KEPT).toBe(5);
    expect(() => parseEnv({ ARTICLE_REVISIONS_KEPT: "1" })).toThrowError(
      /ARTICLE_REVISIONS_KEPT: debe ser al menos 2/,
    );
    expect(() => parseEnv({ ARTICLE_REVISIONS_KEPT: "1001" })).toThrowError(
      /ARTICLE_REVISIONS_KEPT: debe ser como mucho 1000/,
    );
    expect(() => parseEnv({ ARTICLE_REVISIONS_KEPT: "muchas" })).toThrowError(
      /ARTICLE_REVISIONS_KEPT/,
    );
  });

  it("reads TRUST_PROXY as a list of addresses or CIDR ranges and refuses anything else in Spanish", () => {
    expect(parseEnv({ TRUST_PROXY: " 127.0.0.1, 10.0.0.0/8 ,::1" }).TRUST_PROXY).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "::1",
    ]);
    expect(() => parseEnv({ TRUST_PROXY: "loopback" })).toThrowError(
      /TRUST_PROXY: debe ser una lista de direcciones IP o rangos CIDR/,
    );
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.0/40" })).toThrowError(/TRUST_PROXY/);
    expect(() => parseEnv({ MAX_BODY_KB: "0" })).toThrowError(/MAX_BODY_KB/);
  });

  it("validates the limits, the outbox timings and the migrations folder like the rest", () => {
    const defaults = parseEnv({});
    expect(defaults.CONTACT_RATE_LIMIT).toBe(5);
    expect(defaults.REVIEW_RATE_LIMIT).toBe(3);
    expect(defaults.RATE_LIMIT_DISABLED).toBe(false);
    expect(defaults.OUTBOX_INTERVAL_MS).toBe(3000);
    expect(defaults.OUTBOX_RETRY_BASE_MS).toBe(30_000);
    expect(defaults.MIGRATIONS_DIR).toBe("drizzle");
    expect(defaults.EVENTS_HEARTBEAT_MS).toBe(25_000);
    const set = parseEnv({
      CONTACT_RATE_LIMIT: "1000",
      RATE_LIMIT_DISABLED: "1",
      OUTBOX_INTERVAL_MS: "200",
      OUTBOX_RETRY_BASE_MS: "300",
      MIGRATIONS_DIR: "/srv/consulta/drizzle",
    });
    expect(set).toMatchObject({
      CONTACT_RATE_LIMIT: 1000,
      RATE_LIMIT_DISABLED: true,
      OUTBOX_INTERVAL_MS: 200,
      OUTBOX_RETRY_BASE_MS: 300,
      MIGRATIONS_DIR: "/srv/consulta/drizzle",
    });
    // A typo never lifts the limits quietly: the server does not start.
    expect(() => parseEnv({ RATE_LIMIT_DISABLED: "yes" })).toThrowError(
      /RATE_LIMIT_DISABLED: debe ser 1/,
    );
    expect(() => parseEnv({ CONTACT_RATE_LIMIT: "cinco" })).toThrowError(/CONTACT_RATE_LIMIT/);
    expect(() => parseEnv({ CONTACT_RATE_LIMIT: "0" })).toThrowError(/CONTACT_RATE_LIMIT/);
    expect(() => parseEnv({ REVIEW_RATE_LIMIT: "tres" })).toThrowError(/REVIEW_RATE_LIMIT/);
    expect(() => parseEnv({ OUTBOX_INTERVAL_MS: "10" })).toThrowError(/OUTBOX_INTERVAL_MS/);
    expect(() => parseEnv({ OUTBOX_RETRY_BASE_MS: "x" })).toThrowError(/OUTBOX_RETRY_BASE_MS/);
    expect(() => parseEnv({ EVENTS_HEARTBEAT_MS: "50" })).toThrowError(/EVENTS_HEARTBEAT_MS/);
  });

  it("hydrates after the first paint unless HYDRATION=immediate, and refuses anything else", () => {
    expect(parseEnv({}).HYDRATION).toBe("deferred");
    expect(parseEnv({ HYDRATION: "immediate" }).HYDRATION).toBe("immediate");
    expect(parseEnv({ HYDRATION: "deferred" }).HYDRATION).toBe("deferred");
    // A typo does not pick a mode quietly: the server does not start.
    expect(() => parseEnv({ HYDRATION: "inmediata" })).toThrowError(
      /HYDRATION: debe ser deferred \(tras la primera pintura\) o immediate/,
    );
  });

  it("takes the clinical data's key as 32 bytes in hex or base64, and refuses anything else", () => {
    const hex = "ab".repeat(32);
    expect(parseEnv({ CLINICAL_KEY: hex }).CLINICAL_KEY).toBe(hex);
    expect(parseEnv({ CLINICAL_KEY: Buffer.alloc(32, 7).toString("base64") }).CLINICAL_KEY).toBe(
      Buffer.alloc(32, 7).toString("base64"),
    );
    expect(parseEnv({}).CLINICAL_KEY).toBeUndefined();
    expect(() => parseEnv({ CLINICAL_KEY: "secreto" })).toThrowError(
      /CLINICAL_KEY: debe ser una clave de 32 bytes/,
    );
  });

  it("follows PORT in the default public URL and trims a trailing slash", () => {
    expect(parseEnv({ PORT: "8080" }).PUBLIC_URL).toBe("http://localhost:8080");
    expect(parseEnv({ PUBLIC_URL: "https://consulta.example/" }).PUBLIC_URL).toBe(
      "https://consulta.example",
    );
  });

  it("lists every invalid variable in one Spanish message", () => {
    expect(() =>
      parseEnv({ PORT: "abc", DATABASE_URL: "mysql://x", SMTP_URL: "http://x", LOG_LEVEL: "loud" }),
    ).toThrowError(
      /Configuración no válida:[\s\S]*PORT[\s\S]*DATABASE_URL[\s\S]*SMTP_URL[\s\S]*LOG_LEVEL/,
    );
  });

  it("accepts S3 storage only when all its variables are set", () => {
    const s3 = {
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_BUCKET: "consulta",
      S3_ACCESS_KEY_ID: "clave",
      S3_SECRET_ACCESS_KEY: "secreto",
    };
    expect(parseEnv(s3)).toMatchObject({ ...s3, S3_REGION: "us-east-1" });
    expect(parseEnv({}).S3_ENDPOINT).toBeUndefined();
    expect(() => parseEnv({ S3_ENDPOINT: s3.S3_ENDPOINT, S3_BUCKET: "consulta" })).toThrowError(
      /S3_ACCESS_KEY_ID: falta[\s\S]*S3_SECRET_ACCESS_KEY: falta/,
    );
    expect(() => parseEnv({ ...s3, S3_ENDPOINT: "ftp://x" })).toThrowError(/S3_ENDPOINT/);
  });

  it("generates the auth secret once and keeps it in DATA_DIR", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "env-"));
    process.env = { ...saved, DATA_DIR: dir, AUTH_SECRET: "" };
    resetEnvCache();
    const first = getEnv().AUTH_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    resetEnvCache();
    expect(getEnv().AUTH_SECRET).toBe(first);
    const mode = fs.statSync(path.join(dir, "secrets.json")).mode & 0o777;
    expect(mode).toBe(0o600);
  });
});
