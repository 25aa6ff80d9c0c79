import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  defaultKeyFile,
  loadMasterKey,
  openBytes,
  openText,
  parseMasterKey,
  SealedDataError,
  sealBytes,
  sealText,
} from "./sealed.server";

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sealed-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const master = parseMasterKey(randomBytes(32).toString("hex"));
const ANSWER = "Tomo sertralina desde marzo; ansiedad en el trabajo";

describe("envelope encryption of clinical data", () => {
  it("opens what it sealed, and the sealed text holds no plaintext", () => {
    const sealed = sealText(master, "consentimiento:1:respuestas", ANSWER);
    expect(sealed).not.toContain("sertralina");
    expect(Buffer.from(sealed, "base64url").toString("latin1")).not.toContain("sertralina");
    expect(openText(master, "consentimiento:1:respuestas", sealed)).toBe(ANSWER);
  });

  it("gives each record its own data key: the same text seals differently each time", () => {
    const a = sealText(master, "c:1", ANSWER);
    const b = sealText(master, "c:1", ANSWER);
    expect(a).not.toBe(b);
    // The wrapped data keys differ, not only the IVs.
    const key = (s: string) => Buffer.from(s, "base64url").subarray(38, 70).toString("hex");
    expect(key(a)).not.toBe(key(b));
  });

  it("refuses a value moved to another record, a changed byte, another key, a foreign format", () => {
    const sealed = sealBytes(master, "consentimiento:1:pdf", Buffer.from(ANSWER));
    expect(() => openBytes(master, "consentimiento:2:pdf", sealed)).toThrow(SealedDataError);
    const changed = Buffer.from(sealed);
    changed.writeUInt8(changed.readUInt8(changed.length - 1) ^ 1, changed.length - 1);
    expect(() => openBytes(master, "consentimiento:1:pdf", changed)).toThrow(
      "no corresponde a este registro o está dañado",
    );
    const other = parseMasterKey(randomBytes(32).toString("base64url"));
    expect(() => openBytes(other, "consentimiento:1:pdf", sealed)).toThrow(
      "otra clave de datos clínicos",
    );
    expect(() => openBytes(master, "x", Buffer.from("%PDF-1.7 plain"))).toThrow(
      "formato desconocido",
    );
  });

  it("accepts a 32-byte key in hex or base64 and refuses anything else in Spanish", () => {
    const bytes = randomBytes(32);
    expect(parseMasterKey(bytes.toString("hex")).key.equals(bytes)).toBe(true);
    expect(parseMasterKey(bytes.toString("base64")).key.equals(bytes)).toBe(true);
    expect(parseMasterKey(`${bytes.toString("base64url")}\n`).key.equals(bytes)).toBe(true);
    for (const bad of ["", "corta", randomBytes(16).toString("hex"), "z".repeat(64)]) {
      expect(() => parseMasterKey(bad)).toThrow("debe tener 32 bytes");
    }
  });
});

describe("the master key", () => {
  it("is created once next to DATA_DIR (mode 600), never inside it, and read back after", () => {
    const parent = tempDir();
    const dataDir = path.join(parent, "data");
    fs.mkdirSync(dataDir);
    const first = loadMasterKey({ dataDir });
    const file = defaultKeyFile(dataDir);
    expect(path.dirname(file)).toBe(parent);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dataDir)).toEqual([]);
    expect(fs.readdirSync(parent).toSorted()).toEqual(["data", "data.clave-clinica"]);
    expect(loadMasterKey({ dataDir }).key.equals(first.key)).toBe(true);
  });

  it("refuses a key file inside DATA_DIR, and a missing one when it must not be created", () => {
    const dataDir = tempDir();
    expect(() => loadMasterKey({ dataDir, keyFile: path.join(dataDir, "clave") })).toThrow(
      "no puede estar dentro de DATA_DIR",
    );
    expect(() =>
      loadMasterKey({ dataDir, keyFile: path.join(tempDir(), "no-existe"), create: false }),
    ).toThrow("No se encuentra la clave");
  });

  it("takes the key itself from the environment before any file", () => {
    const dataDir = tempDir();
    const key = randomBytes(32).toString("hex");
    expect(loadMasterKey({ dataDir, key }).key.toString("hex")).toBe(key);
    expect(fs.existsSync(defaultKeyFile(dataDir))).toBe(false);
  });
});
