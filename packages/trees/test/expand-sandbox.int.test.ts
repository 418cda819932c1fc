import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DrArenaNode, PageFetcher } from "@arena/core";
import { createPrisma } from "@arena/db";
import { truncateAll } from "@arena/db/testing";
import {
  expandDepth,
  expandWidth,
  importTree,
  loadTreeView,
  sandboxPageFetcher,
  startSandboxServer,
  type SandboxServer,
} from "../src/index";
import { readJson } from "./store-fixtures";

const db = createPrisma();
let server: SandboxServer;
const asthma = readJson("tree_0006.json") as DrArenaNode;

function* walk(n: DrArenaNode, path: DrArenaNode[] = []): Generator<{ node: DrArenaNode; path: DrArenaNode[] }> {
  yield { node: n, path };
  for (const c of n.children) yield* walk(c, [...path, n]);
}
const corpus = new Set([...walk(asthma)].filter(({ node }) => node.content).map(({ node }) => node.url));

/** Unexplored links of a node whose targets the sandbox serves (what expansion can add). */
function expandableLinks(node: DrArenaNode, path: DrArenaNode[]): string[] {
  const known = new Set([node.url, ...path.map((p) => p.url), ...node.children.map((c) => c.url)]);
  return [...new Set(node.link_contexts.map((l) => l.url))].filter((u) => !known.has(u) && corpus.has(u));
}

/** Id of the stored node at a position path (child ordinals from the root). */
async function nodeAt(treeId: string, positions: number[]): Promise<string> {
  let node = await db.node.findFirstOrThrow({ where: { treeId, parentId: null } });
  for (const ordinal of positions) node = await db.node.findFirstOrThrow({ where: { parentId: node.id, ordinal } });
  return node.id;
}

function positionOf(target: DrArenaNode): number[] {
  const find = (n: DrArenaNode, acc: number[]): number[] | null => {
    if (n === target) return acc;
    for (const [i, c] of n.children.entries()) {
      const hit = find(c, [...acc, i]);
      if (hit) return hit;
    }
    return null;
  };
  return find(asthma, [])!;
}

// A node (with content) that links to at least 6 corpus pages it does not have as children.
const rich = [...walk(asthma)].find(({ node, path }) => node.content && expandableLinks(node, path).length >= 6)!;
let treeId: string;

beforeAll(async () => {
  server = await startSandboxServer(db, { port: 0 });
});
beforeEach(async () => {
  await truncateAll(db);
  treeId = (await importTree(db, asthma)).id;
});
afterAll(async () => {
  await server?.close();
  await db.$disconnect();
});

describe("expansion through the sandbox", () => {
  it("depth-expands a node with up to 3 new children carrying content and link contexts", async () => {
    const nodeId = await nodeAt(treeId, positionOf(rich.node));
    const before = await db.node.findMany({ where: { parentId: nodeId }, orderBy: { ordinal: "asc" } });
    // A view read before the expansion, to show what refreshing it takes in.
    const view = await loadTreeView(db, treeId);
    const seen = view.node(nodeId)!;
    const result = await expandDepth(db, nodeId, sandboxPageFetcher(server.url));
    expect(result.added).toHaveLength(3);
    expect(result.reason).toBeUndefined();
    const added = await db.node.findMany({
      where: { id: { in: result.added } },
      orderBy: { ordinal: "asc" },
      include: { linkContexts: true },
    });
    const parent = await db.node.findUniqueOrThrow({ where: { id: nodeId } });
    const lastOrdinal = Math.max(-1, ...before.map((c) => c.ordinal));
    const all = await db.node.findMany({ where: { parentId: nodeId }, orderBy: { ordinal: "asc" } });
    expect(all.map((n) => n.ordinal)).toEqual(all.map((_, i) => i));
    for (const n of added) {
      expect(n.ordinal).toBeGreaterThan(lastOrdinal);
      expect(n.depth).toBe(parent.depth + 1);
      expect(n.expandedAt).not.toBeNull();
      expect(n.crawled).toBe(true);
      expect(corpus.has(n.url)).toBe(true);
      expect(before.some((c) => c.url === n.url)).toBe(false);
      const original = [...walk(asthma)].find(({ node }) => node.url === n.url && node.content)!.node;
      // Exactly the stored text, also for short pages (no heading or link texts mixed in).
      expect(n.content).toBe(original.content!.replace(/\s+/g, " ").trim());
      const originalLinks = new Set(original.link_contexts.map((l) => l.url));
      expect(n.linkContexts.every((l) => originalLinks.has(l.url))).toBe(true);
    }
    expect(added.some((n) => n.linkContexts.length > 0)).toBe(true);
    // The view sees the new children once it refreshes the node, and only then; failed children
    // (no content) appear too, in sibling order, with their link contexts.
    expect(view.node(nodeId)).toBe(seen);
    const appeared = await view.refresh(nodeId);
    expect([...appeared].sort()).toEqual([...result.added, ...result.failed].sort());
    expect(appeared).toEqual(all.filter((n) => !before.some((b) => b.id === n.id)).map((n) => n.id));
    expect(view.node(nodeId)!.childIds).toEqual([...seen.childIds, ...appeared]);
    // The node object was replaced, not mutated: a holder of the old one keeps the old children.
    expect(seen.childIds).toEqual(before.map((n) => n.id));
    for (const n of added) {
      expect(view.node(n.id)).toMatchObject({ parentId: nodeId, depth: seen.depth + 1, content: n.content, url: n.url });
      for (const lc of n.linkContexts)
        expect(view.linkContext(n.id, lc.url)).toMatchObject({ anchorText: lc.anchorText, relationship: lc.relationship });
    }
    const width = await expandWidth(db, nodeId, 1, sandboxPageFetcher(server.url));
    expect(width.added).toHaveLength(1);
    expect(await view.refresh(nodeId)).toEqual(expect.arrayContaining(width.added));
    expect(await view.refresh(nodeId)).toEqual([]);
  });

  it("never duplicates children when several expansions of one node run at once", async () => {
    const nodeId = await nodeAt(treeId, positionOf(rich.node));
    const sandbox = sandboxPageFetcher(server.url);
    // Every call has read the node's children before any writes: pages are released only once
    // all five first batches (3 + 3 + 2 + 2 + 2 pages) are being fetched.
    let fetching = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetcher: PageFetcher = async (url, signal) => {
      if (++fetching === 12) release();
      await gate;
      return sandbox(url, signal);
    };
    const results = await Promise.all([
      expandDepth(db, nodeId, fetcher),
      expandDepth(db, nodeId, fetcher),
      expandWidth(db, nodeId, 2, fetcher),
      expandWidth(db, nodeId, 2, fetcher),
      expandDepth(db, nodeId, fetcher, { max: 2 }),
    ]);
    const children = await db.node.findMany({ where: { parentId: nodeId } });
    const urls = children.map((c) => c.url);
    expect(new Set(urls).size).toBe(urls.length);
    const ordinals = children.map((c) => c.ordinal);
    expect(new Set(ordinals).size).toBe(ordinals.length);
    const added = results.flatMap((r) => r.added);
    expect(new Set(added).size).toBe(added.length);
    // Children a racing call stored count towards a later call's request: together the calls add
    // what the largest request asked for, not the sum of the requests.
    expect(added.length).toBeGreaterThan(0);
    expect(added.length).toBeLessThanOrEqual(3);
    expect(results.some((r) => r.arrived > 0)).toBe(true);
    // A call that came short, counting what arrived meanwhile, says why; a full one says nothing.
    const asked = [3, 3, 2, 2, 2];
    results.forEach((r, i) => {
      if (r.added.length + r.arrived < asked[i]!) expect(r.reason).toMatch(/^(added \d+ of \d+|nothing added): /);
      else expect(r.reason).toBeUndefined();
    });
  });

  it("width-expands a parent by the number of siblings needed", async () => {
    const nodeId = await nodeAt(treeId, positionOf(rich.node));
    const result = await expandWidth(db, nodeId, 2, sandboxPageFetcher(server.url));
    expect(result.added).toHaveLength(2);
  });

  it("keeps transient failures out of the tree and writes nothing when aborted", async () => {
    const nodeId = await nodeAt(treeId, positionOf(rich.node));
    const before = await db.node.count({ where: { parentId: nodeId } });
    // A sandbox that is down: every fetch is refused with ECONNREFUSED, which may heal.
    const down = createServer();
    await new Promise<void>((ok) => down.listen(0, "127.0.0.1", ok));
    const { port } = down.address() as AddressInfo;
    await new Promise((ok) => down.close(ok));
    const result = await expandDepth(db, nodeId, sandboxPageFetcher(`http://127.0.0.1:${port}`));
    expect(result.added).toEqual([]);
    expect(result.failed).toEqual([]);
    expect(result.reason).toMatch(/^nothing added: 16 link\(s\) tried \(16× refused: connection failed \(ECONNREFUSED\)\)$/);
    expect(await db.node.count({ where: { parentId: nodeId } })).toBe(before);

    const controller = new AbortController();
    controller.abort(new Error("match cancelled"));
    await expect(expandDepth(db, nodeId, sandboxPageFetcher(server.url), { signal: controller.signal })).rejects.toThrow("match cancelled");
    expect(await db.node.count({ where: { parentId: nodeId } })).toBe(before);
    // The links are still there for the next call.
    expect((await expandDepth(db, nodeId, sandboxPageFetcher(server.url))).added).toHaveLength(3);
  });

  it("explains when nothing can be added", async () => {
    const fetcher = sandboxPageFetcher(server.url);
    // A tree whose links all point outside the sandbox corpus (as most live-web links do).
    const island: DrArenaNode = {
      ...asthma,
      url: "https://island.example/",
      link_contexts: ["a", "b", "c"].map((p) => ({
        url: `https://island.example/${p}`,
        anchor_text: p,
        surrounding_text: `see ${p}`,
        relationship: "related topics",
      })),
      children: [],
    };
    // A corpus page whose content is too short for the loop (core's hasContent: > 20 chars).
    const tiny: DrArenaNode = { ...asthma, url: "https://tiny.example/", content: "Too short to use.", link_contexts: [], children: [] };
    await importTree(db, tiny);
    island.link_contexts.push({ url: tiny.url, anchor_text: "tiny", surrounding_text: "see tiny", relationship: "related topics" });
    const outsideId = await nodeAt((await importTree(db, island)).id, []);
    const none = await expandDepth(db, outsideId, fetcher);
    expect(none.added).toEqual([]);
    expect(none.reason).toBe("nothing added: 4 link(s) tried (3× not in the sandbox corpus; 1× page has no content)");
    // Deterministic failures are recorded as failed children, so the next call tries other links.
    const failed = await db.node.findMany({ where: { id: { in: none.failed } }, orderBy: { ordinal: "asc" } });
    expect(failed.map((n) => n.url)).toEqual(island.link_contexts.map((l) => l.url));
    expect(failed.every((n) => !n.crawled && n.content === null)).toBe(true);
    expect(failed.map((n) => n.error)).toEqual([...Array(3).fill("not in the sandbox corpus"), "page has no content"]);

    const leaf = [...walk(asthma)].find(({ node }) => node.link_contexts.length === 0)!;
    expect(await expandDepth(db, await nodeAt(treeId, positionOf(leaf.node)), fetcher)).toEqual({
      added: [],
      failed: [],
      arrived: 0,
      reason: "no unexplored links",
    });

    await db.tree.update({ where: { id: treeId }, data: { expandable: false } });
    const rootId = await nodeAt(treeId, []);
    expect(await expandWidth(db, rootId, 2, fetcher)).toEqual({ added: [], failed: [], arrived: 0, reason: "tree not expandable" });
  });
});
