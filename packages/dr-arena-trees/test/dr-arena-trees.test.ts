import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  chooseTrees,
  DR_ARENA_SHA256,
  DR_ARENA_TREE_FILES,
  drArenaTreesDir,
  fetchTrees,
  holdsTrees,
  locateTrees,
  treesMissingMessage,
  type TreesLocations,
} from "../src/dr-arena-trees";

/** How the tests find the published trees: the choice between the three ways, the fetch, and the one message. */
const tmp = () => mkdtempSync(`${tmpdir()}/dr-trees-`);

/** A folder holding every file (empty files: the choice looks at names only). */
function fullFolder(): string {
  const dir = tmp();
  for (const f of Object.keys(DR_ARENA_SHA256)) writeFileSync(`${dir}/${f}`, "");
  return dir;
}

describe("choosing where the trees come from", () => {
  const full = fullFolder();
  const empty = tmp();
  const at = (over: Partial<TreesLocations>): TreesLocations => ({ env: undefined, shared: empty, cache: `${empty}/cache`, ...over });

  it("ARENA_DR_TREES first, whatever else exists", () => {
    expect(chooseTrees(at({ env: full, shared: fullFolder() }))).toEqual({ from: "env", dir: full });
  });

  it("an ARENA_DR_TREES folder without the files is an error, not a reason to look elsewhere", () => {
    expect(chooseTrees(at({ env: empty, shared: full }))).toEqual({
      from: "none",
      why: `ARENA_DR_TREES=${empty} does not hold summary.json and the 19 tree files`,
    });
  });

  it("then ../shared, then an earlier fetched copy, then a fetch into the cache folder", () => {
    expect(chooseTrees(at({ shared: full }))).toEqual({ from: "shared", dir: full });
    expect(chooseTrees(at({ cache: full }))).toEqual({ from: "cache", dir: full });
    expect(chooseTrees(at({}))).toEqual({ from: "fetch", dir: `${empty}/cache` });
  });

  it("a folder missing one file does not count", () => {
    const partial = fullFolder();
    writeFileSync(`${partial}/other.json`, "");
    expect(holdsTrees(partial)).toBe(true);
    const lacking = tmp();
    for (const f of Object.keys(DR_ARENA_SHA256).slice(1)) writeFileSync(`${lacking}/${f}`, "");
    expect(holdsTrees(lacking)).toBe(false);
  });

  it("the 19 tree files are fixed, whichever folder holds them", () => {
    expect(DR_ARENA_TREE_FILES).toHaveLength(19);
    expect(DR_ARENA_TREE_FILES[0]).toBe("tree_0002.json");
  });
});

describe("fetching the pinned copy", () => {
  let server: Server;
  let base = "";
  /** Files the local server answers with (a stand-in for raw.githubusercontent.com, which this machine cannot reach). */
  const served = new Map<string, Buffer>();

  beforeAll(async () => {
    const source = await drArenaTreesDir();
    for (const f of Object.keys(DR_ARENA_SHA256))
      served.set(f.startsWith("tree_") ? `/trees/${f}` : `/${f}`, readFileSync(`${source}${f}`));
    server = createServer((req, res) => {
      const body = served.get(req.url ?? "");
      if (body) res.writeHead(200).end(body);
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("writes every file, each checked by its SHA-256, into the folder", async () => {
    const dir = `${tmp()}/var/dr-arena-trees/commit`;
    await fetchTrees(dir, { baseUrl: base });
    expect(readdirSync(dir).sort()).toEqual(Object.keys(DR_ARENA_SHA256).sort());
    expect(holdsTrees(dir)).toBe(true);
    // A second look finds the copy and fetches nothing.
    expect(chooseTrees({ env: undefined, shared: tmp(), cache: dir })).toEqual({ from: "cache", dir });
  });

  it("a changed file fails the fetch by name, and nothing that looks complete is left behind", async () => {
    const good = served.get("/trees/tree_0016.json")!;
    served.set("/trees/tree_0016.json", Buffer.concat([good, Buffer.from(" ")]));
    try {
      const parent = tmp();
      await expect(fetchTrees(`${parent}/copy`, { baseUrl: base })).rejects.toThrow(
        /tree_0016\.json has SHA-256 [0-9a-f]{64}, expected 8b8477c7/,
      );
      expect(existsSync(`${parent}/copy`)).toBe(false);
      expect(readdirSync(parent)).toEqual([]);
    } finally {
      served.set("/trees/tree_0016.json", good);
    }
  });

  it("with no folder and no way to fetch, fails with the one message naming the three ways", async () => {
    const nowhere = tmp();
    const at: TreesLocations = { env: undefined, shared: `${nowhere}/shared`, cache: `${nowhere}/cache` };
    mkdirSync(at.shared);
    const failure = locateTrees(at, { baseUrl: "http://127.0.0.1:9/closed", timeoutMs: 5_000 });
    await expect(failure).rejects.toThrow(
      /Provide them one of three ways:\n {2}1\. ARENA_DR_TREES=<folder>.*\n {2}2\. \.\.\/shared\/data\/dr-arena-trees beside the checkout.*\n {2}3\. internet access: the tests fetch them from https:\/\/github\.com\/iNLP-Lab\/DR-Arena at commit 08f38351c1268b3ac11b3226d35be4e2a3f8fd5d/,
    );
    await expect(failure).rejects.toThrow(/Last attempt: fetching http:\/\/127\.0\.0\.1:9\/closed\/summary\.json failed/);
  });

  it("names a bad ARENA_DR_TREES in the message", () => {
    expect(treesMissingMessage({ env: "/nowhere", shared: "/s", cache: "/c" }, "x")).toContain("(now /nowhere)");
  });
});
