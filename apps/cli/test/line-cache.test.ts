import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ByteLineCache, eachCachedLine } from "../src/line-cache";

const dir = mkdtempSync(join(tmpdir(), "arena-line-cache-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every (line, number) eachCachedLine reports, and how many lines it had to resolve. */
async function lines(content: string | Buffer): Promise<{ seen: [string, number][]; resolved: number }> {
  const file = join(dir, `f${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, content);
  const texts: string[] = [];
  const seen: [string, number][] = [];
  await eachCachedLine(
    file,
    (line) => texts.push(line) - 1,
    (value, lineNo) => seen.push([texts[value]!, lineNo]),
  );
  return { seen, resolved: texts.length };
}

describe("eachCachedLine", () => {
  it("splits as readline does: \\n, \\r\\n and a lone \\r end a line; a last line needs no newline", async () => {
    const { seen } = await lines("a\nb\r\nc\rd\n\ne");
    expect(seen).toEqual([
      ["a", 1],
      ["b", 2],
      ["c", 3],
      ["d", 4],
      ["", 5],
      ["e", 6],
    ]);
  });

  it("resolves each distinct line once and numbers the repeats", async () => {
    const { seen, resolved } = await lines("x\ny\nx\nx\ny\n");
    expect(seen).toEqual([
      ["x", 1],
      ["y", 2],
      ["x", 3],
      ["x", 4],
      ["y", 5],
    ]);
    expect(resolved).toBe(2);
  });

  it("joins lines across read chunks and decodes UTF-8 split between them", async () => {
    const long = "é".repeat(700_000); // 1.4 MB: longer than one 1 MiB chunk, and a 2-byte character straddles the boundary
    const { seen } = await lines(`${long}\nnext\n${long}\n`);
    expect(seen.map(([l, n]) => [l.length, n])).toEqual([
      [700_000, 1],
      [4, 2],
      [700_000, 3],
    ]);
    expect(seen[0]![0]).toBe(long);
  });

  it("decodes invalid UTF-8 with replacement characters, as a utf8 stream does", async () => {
    const { seen } = await lines(Buffer.from([0x61, 0xff, 0x62, 0x0a]));
    expect(seen).toEqual([["a\uFFFDb", 1]]);
  });
});

describe("ByteLineCache", () => {
  it("finds exactly the stored byte strings, also after growing", () => {
    const cache = new ByteLineCache();
    const keys = Array.from({ length: 5000 }, (_, i) => Buffer.from(`{"k":${i}}`));
    const hash = (b: Buffer) => b.reduce((h, x) => Math.imul(h ^ x, 0x01000193), 0x811c9dc5);
    for (const [i, k] of keys.entries()) cache.set(k, 0, k.length, hash(k), i);
    for (const [i, k] of keys.entries()) expect(cache.get(k, 0, k.length, hash(k))).toBe(i);
    const other = Buffer.from('{"k":99999}');
    expect(cache.get(other, 0, other.length, hash(other))).toBeUndefined();
    // same hash, different bytes: compared, not trusted
    expect(cache.get(other, 0, other.length, hash(keys[7]!))).toBeUndefined();
  });

  it("stops storing beyond its capacity", () => {
    const cache = new ByteLineCache(2);
    for (const s of ["a", "b", "c"]) cache.set(Buffer.from(s), 0, 1, s.charCodeAt(0), 1);
    expect(cache.size).toBe(2);
  });
});
