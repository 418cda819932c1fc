import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_DESCRIPTION_CHARS, MAX_TITLE_CHARS, TreeFormatError, type DrArenaNode } from "@arena/core";
import { createPrisma } from "@arena/db";
import { truncateAll } from "@arena/db/testing";
import {
  exportTree,
  importTree,
  importTreeDir,
  importTreeFile,
  listTrees,
  loadTreeView,
  showTree,
  DuplicateTreeError,
  retireTree,
  TreeImportError,
} from "../src/index";
import { DR_ARENA_DIR, DR_ARENA_FILES, readJson } from "./store-fixtures";

const db = createPrisma();
const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
beforeEach(() => truncateAll(db));
afterAll(() => db.$disconnect());

function count(n: DrArenaNode): number {
  return 1 + n.children.reduce((s, c) => s + count(c), 0);
}

describe("tree import/export", () => {
  it("has the 19 published trees to work on", () => {
    expect(DR_ARENA_FILES).toHaveLength(19);
  });

  it("imports tree_0006 (379 nodes) and exports it byte-identical to the published file", async () => {
    const text = readFileSync(`${DR_ARENA_DIR}tree_0006.json`, "utf8");
    const original = JSON.parse(text) as DrArenaNode;
    const summary = await importTree(db, original);
    expect(summary).toMatchObject({ rootUrl: original.url, title: original.title, nodes: 379, maxDepth: 4 });
    expect(await db.node.count({ where: { treeId: summary.id } })).toBe(379);
    const exported = await exportTree(db, summary.id);
    expect(JSON.stringify(exported, null, 2)).toBe(text);
  });

  it("round-trips every published tree losslessly, and the export re-imports equal", async () => {
    for (const file of DR_ARENA_FILES) {
      const original = readJson(file) as DrArenaNode;
      const first = await importTree(db, original);
      expect(first.nodes, file).toBe(count(original));
      const exported = await exportTree(db, first.id);
      expect(exported, file).toStrictEqual(original);
      const second = await importTree(db, exported);
      expect(JSON.stringify(await exportTree(db, second.id)), file).toBe(JSON.stringify(original));
    }
    expect(await db.tree.count()).toBe(2 * DR_ARENA_FILES.length);
  });

  it("imports the directory with topics from summary.json and lists the trees", async () => {
    const progress: string[] = [];
    const imported = await importTreeDir(db, DR_ARENA_DIR, { onProgress: (_d, _t, file) => progress.push(file) });
    expect(imported).toHaveLength(19);
    expect(progress).toEqual(DR_ARENA_FILES);
    const asthma = await db.tree.findFirstOrThrow({ where: { sourceName: "tree_0006.json" } });
    expect(asthma.topic).toBe("Health > Health Conditions > Respiratory Conditions");
    expect(asthma.source).toBe("imported");
    const listed = await listTrees(db);
    expect(listed.map((t) => t.id).sort()).toEqual(imported.map((t) => t.id).sort());
    const t6 = listed.find((t) => t.id === asthma.id)!;
    expect(t6).toEqual({
      id: asthma.id,
      rootUrl: asthma.rootUrl,
      title: asthma.title,
      nodes: 379,
      maxDepth: 4,
      retiredAt: null,
      matches: 0,
    });
  });

  it("detects a re-upload (same root URL and content): ask names it, keep writes nothing, replace retires the stored one", async () => {
    const tree = readJson("tree_0025.json");
    const first = await importTree(db, tree, { onDuplicate: "ask" });
    await expect(importTree(db, tree, { onDuplicate: "ask" })).rejects.toSatisfy(
      (e) => e instanceof DuplicateTreeError && e.existing.id === first.id,
    );
    expect(await importTree(db, tree, { onDuplicate: "keep" })).toEqual(first);
    const changed = structuredClone(tree) as { title: string | null };
    changed.title = `${changed.title ?? ""} (edited)`;
    const other = await importTree(db, changed, { onDuplicate: "ask" }); // other content: a new tree, no question
    expect(other.id).not.toBe(first.id);
    const replaced = await importTree(db, tree, { onDuplicate: "replace" });
    const rows = await db.tree.findMany({ where: { id: { in: [first.id, replaced.id, other.id] } } });
    expect(Object.fromEntries(rows.map((r) => [r.id, r.retiredAt !== null]))).toEqual({
      [first.id]: true,
      [replaced.id]: false,
      [other.id]: false,
    });
    expect(await db.node.count({ where: { treeId: first.id } })).toBe(first.nodes); // retired, never deleted
    expect((await retireTree(db, replaced.id)).matches).toBe(0);
    await expect(importTree(db, tree, { onDuplicate: "ask" })).resolves.toMatchObject({ rootUrl: first.rootUrl }); // every copy retired: a fresh import
  });

  it("preserves depths, titles and link contexts in the tree view and the outline", async () => {
    const original = readJson("tree_0025.json") as DrArenaNode;
    const { id } = await importTree(db, original);
    const view = await loadTreeView(db, id);
    const root = view.node(view.rootId)!;
    expect(root.url).toBe(original.url);
    expect(root.depth).toBe(0);
    expect(root.childIds).toHaveLength(original.children.length);
    const firstChild = view.node(root.childIds[0]!)!;
    expect(firstChild.title).toBe(original.children[0]!.title);
    expect(firstChild.depth).toBe(original.children[0]!.depth);
    expect(firstChild.parentId).toBe(root.id);
    const lc = original.link_contexts.find((c) => c.url === firstChild.url)!;
    expect(view.linkContext(root.id, firstChild.url)).toEqual({
      url: lc.url,
      anchorText: lc.anchor_text,
      surroundingText: lc.surrounding_text,
      relationship: lc.relationship,
    });
    const outline = await showTree(db, id);
    expect(outline.rows).toHaveLength(count(original));
    expect(outline.rows[0]).toMatchObject({ depth: 0, title: original.title, contentChars: original.content?.length ?? 0 });
    expect(outline.rows[1]).toMatchObject({ depth: 1, url: original.children[0]!.url, relationship: lc.relationship });
  });

  it("rejects a malformed tree naming the JSON path, and writes nothing", async () => {
    const bad = structuredClone(readJson("tree_0025.json")) as { children: Array<{ link_contexts: unknown[] }> };
    (bad.children[1]!.link_contexts[0] as { url: unknown }).url = 42;
    await expect(importTree(db, bad)).rejects.toSatisfy(
      (e) => e instanceof TreeFormatError && e.path === "children[1].link_contexts[0].url",
    );
    const dir = mkdtempSync(join(tmpdir(), "arena-trees-"));
    writeFileSync(join(dir, "a_good.json"), JSON.stringify(readJson("tree_0025.json")));
    writeFileSync(join(dir, "b_bad.json"), JSON.stringify(bad));
    await expect(importTreeDir(db, dir)).rejects.toSatisfy(
      (e) => e instanceof TreeImportError && e.file === join(dir, "b_bad.json") && e.jsonPath === "children[1].link_contexts[0].url",
    );
    writeFileSync(join(dir, "c_broken.json"), "{ not json");
    await expect(importTreeFile(db, join(dir, "c_broken.json"))).rejects.toBeInstanceOf(TreeImportError);
    expect(await db.tree.count()).toBe(0);
  });

  it("stores untrusted texts well-formed, with titles and descriptions cut and free of control characters", async () => {
    const tree = structuredClone(readJson("tree_0006.json")) as DrArenaNode;
    tree.title = `\u001b[2J\u001b]0;owned\u0007Cleared ${"x".repeat(2 * MAX_TITLE_CHARS)}`;
    tree.description = "d".repeat(3 * MAX_DESCRIPTION_CHARS);
    tree.children[0]!.content = "lone \ud800 surrogate and \u0000 NUL";
    const summary = await importTree(db, tree);
    expect(summary.title).toMatch(/^\[2J\]0;ownedCleared x+$/);
    expect(summary.title).toHaveLength(MAX_TITLE_CHARS);
    const root = await db.node.findFirstOrThrow({ where: { treeId: summary.id, parentId: null } });
    expect(root.title).toBe(summary.title);
    expect(root.description).toHaveLength(MAX_DESCRIPTION_CHARS);
    const child = await db.node.findFirstOrThrow({ where: { parentId: root.id, ordinal: 0 } });
    expect(child.content).toBe("lone \ufffd surrogate and  NUL");
  });

  it("arena tree list and show print no escape sequences, also of trees stored before titles were cleaned", async () => {
    const summary = await importTree(db, readJson("tree_0025.json"));
    await db.tree.update({ where: { id: summary.id }, data: { title: "\u001b]0;owned\u0007\u001b[2JOld title" } });
    await db.node.updateMany({ where: { treeId: summary.id, depth: 1 }, data: { title: "\u009b31mOld\nnode" } });
    const run = (...args: string[]) =>
      promisify(execFile)("node", ["apps/cli/bin/arena.mjs", ...args], { cwd: REPO_ROOT, env: process.env, maxBuffer: 1 << 24 });
    const list = await run("tree", "list");
    const show = await run("tree", "show", summary.id);
    expect(list.stdout).toContain("]0;owned[2JOld title");
    expect(show.stdout).toContain("31mOld node");
    for (const out of [list.stdout, show.stdout]) expect(out).not.toMatch(/(?![\t\n])\p{Cc}/u);
  }, 60_000);

  it("leaves no rows when the database refuses a node mid-import", async () => {
    const tree = structuredClone(readJson("tree_0006.json")) as DrArenaNode;
    // A depth beyond PostgreSQL's 32-bit integer: a deep node fails after the root levels were written.
    tree.children[3]!.children[0]!.depth = 2 ** 31;
    await expect(importTree(db, tree)).rejects.toThrow();
    expect(await db.tree.count()).toBe(0);
    expect(await db.node.count()).toBe(0);
    expect(await db.linkContext.count()).toBe(0);
  });
});
