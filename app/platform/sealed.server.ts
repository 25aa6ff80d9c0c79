import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "~/utils/env.server";

/**
 * Envelope encryption for clinical data at rest (consent answers, signatures, signed PDFs):
 * every record gets a data key of its own (AES-256-GCM), and that key is stored wrapped by the
 * practice's master key, which never is in the database nor in DATA_DIR. A copy of the database
 * or of DATA_DIR alone opens nothing. A lost master key cannot be recovered: what it sealed stays
 * unreadable (docs/operations.md#clave-de-los-datos-clínicos).
 *
 * `context` names the record a value belongs to (e.g. `consentimiento:42:respuestas`): it is
 * authenticated with the value, so a sealed value copied onto another record does not open.
 *
 * Layout (then base64url for text columns): "S1" · key id (8) · wrap IV (12) · wrap tag (16) ·
 * wrapped data key (32) · data IV (12) · data tag (16) · ciphertext.
 */
const MAGIC = Buffer.from("S1");
const KEY_ID = 8;
const IV = 12;
const TAG = 16;
const DATA_KEY = 32;
const HEADER = MAGIC.length + KEY_ID + IV + TAG + DATA_KEY + IV + TAG;

export class SealedDataError extends Error {
  override name = "SealedDataError";
}

export type MasterKey = { key: Buffer; id: Buffer };

/** A master key from its 32 bytes, as hex (64 characters) or base64/base64url (43–44). */
export function parseMasterKey(text: string): MasterKey {
  const value = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(value)
    ? Buffer.from(value, "hex")
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(value)
      ? Buffer.from(value.replace(/=$/, ""), "base64url")
      : null;
  if (key?.length !== 32) {
    throw new SealedDataError(
      "La clave de los datos clínicos debe tener 32 bytes, en hexadecimal (64 caracteres) o en base64.",
    );
  }
  return { key, id: createHash("sha256").update(key).digest().subarray(0, KEY_ID) };
}

/** Where the master key is kept by default: next to DATA_DIR, never inside it. */
export function defaultKeyFile(dataDir: string) {
  const resolved = path.resolve(dataDir);
  return path.join(path.dirname(resolved), `${path.basename(resolved)}.clave-clinica`);
}

function isInside(file: string, dir: string) {
  const relative = path.relative(path.resolve(dir), path.resolve(file));
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/**
 * The master key: CLINICAL_KEY (the key itself), else the file CLINICAL_KEY_FILE, else
 * `defaultKeyFile(DATA_DIR)`, created (mode 600) only when `create` is true and no file exists.
 */
export function loadMasterKey({
  dataDir,
  key,
  keyFile,
  create = true,
}: {
  dataDir: string;
  key?: string;
  keyFile?: string;
  create?: boolean;
}): MasterKey {
  if (key) return parseMasterKey(key);
  const file = path.resolve(keyFile ?? defaultKeyFile(dataDir));
  if (isInside(file, dataDir)) {
    throw new SealedDataError(
      `La clave de los datos clínicos no puede estar dentro de DATA_DIR (${file}): una copia de los datos la llevaría consigo.`,
    );
  }
  try {
    return parseMasterKey(fs.readFileSync(file, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    if (!create) {
      throw new SealedDataError(`No se encuentra la clave de los datos clínicos (${file}).`);
    }
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written whole under a name of its own, then linked into place: another process starting at
  // the same moment finds either no key or a complete one, never a half-written file.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  fs.writeFileSync(draft, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600, flag: "wx" });
  try {
    fs.linkSync(draft, file);
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
  return parseMasterKey(fs.readFileSync(file, "utf8"));
}

let practiceKey: MasterKey | undefined;

/** The practice's master key, from the configuration (loaded once, created on first use). */
export function clinicalMasterKey(): MasterKey {
  const env = getEnv();
  practiceKey ??= loadMasterKey({
    dataDir: env.DATA_DIR,
    key: env.CLINICAL_KEY,
    keyFile: env.CLINICAL_KEY_FILE,
  });
  return practiceKey;
}

function gcm(key: Buffer, iv: Buffer, aad: Buffer, plain: Buffer) {
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { body, tag: cipher.getAuthTag() };
}

function ungcm(key: Buffer, iv: Buffer, tag: Buffer, aad: Buffer, body: Buffer) {
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]);
}

/** Seals bytes for the record `context`. */
export function sealBytes(master: MasterKey, context: string, plain: Buffer): Buffer {
  const dataKey = randomBytes(DATA_KEY);
  const aad = Buffer.from(context, "utf8");
  const wrapIv = randomBytes(IV);
  const wrapped = gcm(master.key, wrapIv, Buffer.concat([master.id, aad]), dataKey);
  const dataIv = randomBytes(IV);
  const data = gcm(dataKey, dataIv, aad, plain);
  dataKey.fill(0);
  return Buffer.concat([
    MAGIC,
    master.id,
    wrapIv,
    wrapped.tag,
    wrapped.body,
    dataIv,
    data.tag,
    data.body,
  ]);
}

/** Opens what `sealBytes` sealed for the same `context`; throws SealedDataError otherwise. */
export function openBytes(master: MasterKey, context: string, sealed: Buffer): Buffer {
  if (sealed.length < HEADER || !sealed.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new SealedDataError("Dato cifrado con un formato desconocido.");
  }
  let at = MAGIC.length;
  const take = (n: number) => sealed.subarray(at, (at += n));
  const keyId = take(KEY_ID);
  if (!keyId.equals(master.id)) {
    throw new SealedDataError(
      "Este dato se cifró con otra clave de datos clínicos: sin aquella clave no se puede leer.",
    );
  }
  const wrapIv = take(IV);
  const wrapTag = take(TAG);
  const wrappedKey = take(DATA_KEY);
  const dataIv = take(IV);
  const dataTag = take(TAG);
  const body = sealed.subarray(at);
  const aad = Buffer.from(context, "utf8");
  try {
    const dataKey = ungcm(master.key, wrapIv, wrapTag, Buffer.concat([master.id, aad]), wrappedKey);
    const plain = ungcm(dataKey, dataIv, dataTag, aad, body);
    dataKey.fill(0);
    return plain;
  } catch {
    throw new SealedDataError("El dato cifrado no corresponde a este registro o está dañado.");
  }
}

/** Text in, base64url text out (for text columns). */
export function sealText(master: MasterKey, context: string, text: string): string {
  return sealBytes(master, context, Buffer.from(text, "utf8")).toString("base64url");
}

export function openText(master: MasterKey, context: string, sealed: string): string {
  return openBytes(master, context, Buffer.from(sealed, "base64url")).toString("utf8");
}
