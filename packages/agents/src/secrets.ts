import { arenaEnv, parseArenaEnv } from "@arena/env";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Agent secrets at rest: AES-256-GCM with a random 96-bit IV per secret and a full 128-bit tag.
 * The stored form is `v2:<iv>:<tag>:<ciphertext>` (base64 parts). Each secret is bound to its
 * record and field as associated data (`secretContext`): a ciphertext copied into another row
 * or column fails authentication. `v1` values (before that binding) are still read, with a
 * 16-byte tag required, but bind nothing; every write produces `v2`, so re-adding or rotating a
 * secret upgrades it.
 *
 * The key comes from `ARENA_SECRET_KEY` (32 bytes, as 64 hex characters or base64); when that
 * is unset, from a key file generated once at `<repo>/var/secret.key` (mode 0600, base64;
 * `var/` is gitignored). Losing the key file makes stored secrets unreadable: agents must then
 * be re-added. Secrets and keys are never logged or put into error messages.
 */

const VERSION = "v2";
const UNBOUND_VERSION = "v1";
const KEY_BYTES = 32;
const IV_BYTES = 12;
/** GCM accepts tags down to 4 bytes unless told otherwise; a short tag is forgeable. */
const TAG_BYTES = 16;

export class SecretError extends Error {
  override name = "SecretError";
}

/** `<repo>/var/secret.key`, found from this file's location so it does not depend on the cwd. */
const DEFAULT_KEY_FILE = resolve(dirname(fileURLToPath(import.meta.url)), "../../../var/secret.key");

/** Where a secret is stored: the associated data it is bound to, e.g. `secretContext("agent", name, "secretEnc")`. */
export function secretContext(table: "agent" | "examinerConfig", recordName: string, field: string): string {
  return JSON.stringify([table, recordName, field]);
}

export function encryptSecret(plain: string, key: Buffer, context: string): string {
  checkKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ct = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64"), cipher.getAuthTag().toString("base64"), ct.toString("base64")].join(":");
}

/**
 * Throws SecretError when the value was tampered with, was encrypted under another key, or
 * belongs to another record or field than `context` names.
 */
export function decryptSecret(enc: string, key: Buffer, context: string): string {
  checkKey(key);
  const [version, iv, tag, ct, ...extra] = enc.split(":");
  if ((version !== VERSION && version !== UNBOUND_VERSION) || iv === undefined || tag === undefined || ct === undefined || extra.length) {
    throw new SecretError("unrecognised secret format");
  }
  const tagBytes = Buffer.from(tag, "base64");
  if (tagBytes.length !== TAG_BYTES) throw new SecretError(`secret tag must be ${TAG_BYTES} bytes`);
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64"), { authTagLength: TAG_BYTES });
    if (version === VERSION) decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(tagBytes);
    return Buffer.concat([decipher.update(Buffer.from(ct, "base64")), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretError("secret failed authentication (tampered, another key, or another record's secret)");
  }
}

/** Parses a 32-byte key written as 64 hex characters or as base64. */
export function parseSecretKey(text: string): Buffer {
  const s = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(s) ? Buffer.from(s, "hex") : Buffer.from(s, "base64");
  if (key.length !== KEY_BYTES) throw new SecretError(`secret key must be ${KEY_BYTES} bytes (64 hex chars or base64)`);
  return key;
}

/**
 * The arena's secret key: `env.ARENA_SECRET_KEY` when set, else the key file, created with a
 * fresh random key on first use. The key is written to a temporary file and hard-linked into
 * place (link fails if the name exists), so two processes racing to create it read one complete key.
 */
export function loadSecretKey(opts: { env?: NodeJS.ProcessEnv; keyFile?: string } = {}): Buffer {
  const { ARENA_SECRET_KEY } = opts.env ? parseArenaEnv(opts.env) : arenaEnv();
  if (ARENA_SECRET_KEY) return parseSecretKey(ARENA_SECRET_KEY);
  const file = opts.keyFile ?? DEFAULT_KEY_FILE;
  try {
    return parseSecretKey(readFileSync(file, "utf8"));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  createKeyFile(file);
  return parseSecretKey(readFileSync(file, "utf8"));
}

function createKeyFile(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  writeFileSync(tmp, `${randomBytes(KEY_BYTES).toString("base64")}\n`, { flag: "wx", mode: 0o600 });
  try {
    linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  } finally {
    unlinkSync(tmp);
  }
}

function checkKey(key: Buffer): void {
  if (key.length !== KEY_BYTES) throw new SecretError(`secret key must be ${KEY_BYTES} bytes`);
}
