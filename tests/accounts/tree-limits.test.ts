import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_TREE_DEPTH } from "@arena/core";
import type { PrismaClient } from "@arena/db";
import { importTreeFile, MAX_TREE_FILE_BYTES, parseTreeText, TreeImportError } from "@arena/trees";

/** A DR-Arena tree whose single branch is `levels` children deep. */
function chain(levels: number): string {
  const node = (children: string) =>
    `{"url":"https://x.test/","domain":"x.test","title":null,"description":null,"content":null,"crawled":false,"depth":0,"error":null,"relationship_cluster":null,"link_contexts":[],"children":[${children}]}`;
  let s = node("");
  for (let i = 0; i < levels; i++) s = node(s);
  return s;
}

// importTreeFile refuses before any database call: a client that throws proves it.
const noDb = new Proxy(
  {},
  {
    get: () => {
      throw new Error("database touched");
    },
  },
) as PrismaClient;

describe("tree file limits (CLI and web upload share parseTreeText)", () => {
  it("refuses a 5,000-level file with a message naming the limit, not a stack overflow", () => {
    const err = (() => {
      try {
        parseTreeText("deep.json", chain(5000));
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(TreeImportError);
    expect((err as Error).message).toMatch(new RegExp(`deep.json: .*nested deeper than ${MAX_TREE_DEPTH} levels`));
  });

  it("accepts a tree exactly at the depth limit", () => {
    expect(parseTreeText("ok.json", chain(MAX_TREE_DEPTH)).children).toHaveLength(1);
  });

  it("refuses a file over the size limit before reading or parsing it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tree-limit-"));
    const file = join(dir, "big.json");
    writeFileSync(file, " ".repeat(MAX_TREE_FILE_BYTES + 1));
    await expect(importTreeFile(noDb, file)).rejects.toThrow(/larger than the limit of 20971520 bytes/);
    await expect(importTreeFile(noDb, join(dir, "missing.json"))).rejects.toThrow(/ENOENT/);
  });
});
