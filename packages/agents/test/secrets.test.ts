import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCipheriv, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SecretError, decryptSecret, encryptSecret, loadSecretKey, parseSecretKey, secretContext } from "../src/secrets";

describe("secrets", () => {
  const key = randomBytes(32);
  const here = secretContext("agent", "agent-a", "secretEnc");

  it("round-trips and uses a fresh IV each time", () => {
    const a = encryptSecret("sk-test-123", key, here);
    const b = encryptSecret("sk-test-123", key, here);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v2:/);
    expect(a).not.toContain("sk-test-123");
    expect(decryptSecret(a, key, here)).toBe("sk-test-123");
    expect(decryptSecret(encryptSecret("", key, here), key, here)).toBe("");
  });

  it("detects tampering and a wrong key", () => {
    const enc = encryptSecret("sk-live-secret", key, here);
    const [v, iv, tag, ct] = enc.split(":") as [string, string, string, string];
    const flipped = Buffer.from(ct, "base64");
    flipped[0] = flipped[0]! ^ 1;
    expect(() => decryptSecret([v, iv, tag, flipped.toString("base64")].join(":"), key, here)).toThrow(SecretError);
    expect(() => decryptSecret(enc, randomBytes(32), here)).toThrow(SecretError);
    expect(() => decryptSecret("plain-text", key, here)).toThrow(SecretError);
  });

  it("binds a secret to its record and field: moved to another row or column, it fails", () => {
    const enc = encryptSecret("sk-of-agent-a", key, here);
    expect(() => decryptSecret(enc, key, secretContext("agent", "agent-b", "secretEnc"))).toThrow(SecretError);
    expect(() => decryptSecret(enc, key, secretContext("examinerConfig", "agent-a", "secretEnc"))).toThrow(SecretError);
    expect(() => decryptSecret(enc, key, secretContext("agent", "agent-a", "apiKeyEnc"))).toThrow(SecretError);
    // Names with the separator cannot be shifted into the field part.
    expect(secretContext("agent", "a:b", "c")).not.toBe(secretContext("agent", "a", "b:c"));
  });

  it("requires a 16-byte tag: a truncated tag is refused before any decryption", () => {
    const [v, iv, tag, ct] = encryptSecret("sk", key, here).split(":") as [string, string, string, string];
    const short = Buffer.from(tag, "base64").subarray(0, 4).toString("base64");
    expect(() => decryptSecret([v, iv, short, ct].join(":"), key, here)).toThrow(/16 bytes/);
  });

  it("still reads a v1 secret (unbound, written before v2) with a full tag, not with a short one", () => {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    const ct = Buffer.concat([cipher.update("sk-legacy", "utf8"), cipher.final()]);
    const tag = cipher.getAuthTag();
    const v1 = (t: Buffer) => ["v1", iv.toString("base64"), t.toString("base64"), ct.toString("base64")].join(":");
    expect(decryptSecret(v1(tag), key, here)).toBe("sk-legacy");
    expect(() => decryptSecret(v1(tag.subarray(0, 4)), key, here)).toThrow(SecretError);
  });

  it("parses hex and base64 keys and rejects wrong lengths", () => {
    expect(parseSecretKey(key.toString("hex")).equals(key)).toBe(true);
    expect(parseSecretKey(key.toString("base64")).equals(key)).toBe(true);
    expect(() => parseSecretKey("abcd")).toThrow(SecretError);
  });

  it("prefers ARENA_SECRET_KEY, else creates one key file (0600) and reuses it", () => {
    const dir = mkdtempSync(join(tmpdir(), "arena-key-"));
    const keyFile = join(dir, "var", "secret.key");
    expect(loadSecretKey({ env: { ARENA_SECRET_KEY: key.toString("hex") }, keyFile }).equals(key)).toBe(true);
    const k1 = loadSecretKey({ env: {}, keyFile });
    const k2 = loadSecretKey({ env: {}, keyFile });
    expect(k1.equals(k2)).toBe(true);
    expect(k1.length).toBe(32);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(parseSecretKey(readFileSync(keyFile, "utf8")).equals(k1)).toBe(true);
  });
});
