import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SecretError, decryptSecret, encryptSecret, loadSecretKey, parseSecretKey } from "../src/secrets";

describe("secrets", () => {
  const key = randomBytes(32);

  it("round-trips and uses a fresh IV each time", () => {
    const a = encryptSecret("sk-test-123", key);
    const b = encryptSecret("sk-test-123", key);
    expect(a).not.toBe(b);
    expect(a).not.toContain("sk-test-123");
    expect(decryptSecret(a, key)).toBe("sk-test-123");
    expect(decryptSecret(encryptSecret("", key), key)).toBe("");
  });

  it("detects tampering and a wrong key", () => {
    const enc = encryptSecret("sk-live-secret", key);
    const [v, iv, tag, ct] = enc.split(":") as [string, string, string, string];
    const flipped = Buffer.from(ct, "base64");
    flipped[0] = flipped[0]! ^ 1;
    expect(() => decryptSecret([v, iv, tag, flipped.toString("base64")].join(":"), key)).toThrow(SecretError);
    expect(() => decryptSecret(enc, randomBytes(32))).toThrow(SecretError);
    expect(() => decryptSecret("plain-text", key)).toThrow(SecretError);
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
