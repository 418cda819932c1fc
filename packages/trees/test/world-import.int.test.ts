import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrisma } from "@arena/db";
import { truncateAll } from "@arena/db/testing";
import {
  expandDepth,
  generateWorld,
  importWorld,
  loadTreeView,
  sandboxPageFetcher,
  searchPages,
  startSandboxServer,
  WorldConflictError,
  type SandboxServer,
  type TruthEntry,
} from "../src/index";

const db = createPrisma();
const params = { seed: "itest", hubs: 3, entities: 10 };
const world = generateWorld(params);
let server: SandboxServer;

beforeAll(async () => {
  await truncateAll(db);
  server = await startSandboxServer(db, { port: 0 });
});
afterAll(async () => {
  await server?.close();
  await db.$disconnect();
});

describe("stored synthetic world", () => {
  it("imports as synthetic trees with their truth, and reuses them for the same seed", async () => {
    const first = await importWorld(db, params);
    expect(first.reused).toBe(false);
    expect(first.trees).toHaveLength(3);
    expect(first.pages).toBe(world.pages);
    const second = await importWorld(db, params);
    expect(second.reused).toBe(true);
    expect(second.trees).toEqual(first.trees);
    expect(await db.tree.count()).toBe(3);
    const stored = await db.tree.findUniqueOrThrow({ where: { id: first.trees[0]!.id } });
    expect(stored).toMatchObject({
      source: "synthetic",
      worldSeed: "itest",
      topic: world.trees[0]!.topic,
      title: world.trees[0]!.tree.title,
    });
    expect((stored.meta as unknown as { truth: TruthEntry[] }).truth).toEqual(world.trees[0]!.truth);
    await expect(importWorld(db, { ...params, entities: 11 })).rejects.toBeInstanceOf(WorldConflictError);
  });

  it("makes entities and people findable by name through sandbox search", async () => {
    const truth = world.trees[2]!.truth;
    for (const kind of ["entity", "person", "region"] as const) {
      const entry = truth.find((t) => t.kind === kind)!;
      const [top] = await searchPages(db, entry.name, 5);
      expect(top!.url, entry.name).toBe(entry.url);
    }
  });

  it("depth-expands an entity with the pages it links to beyond its children", async () => {
    const { tree } = world.trees[0]!;
    const entity = tree.children[0]!.children[1]!;
    const entityRow = await db.node.findFirstOrThrow({ where: { url: entity.url, tree: { worldSeed: "itest" } } });
    const result = await expandDepth(db, entityRow.id, sandboxPageFetcher(server.url));
    expect(result.added.length).toBeGreaterThan(0);
    const added = await db.node.findMany({ where: { id: { in: result.added } } });
    const pages = new Map(world.trees.flatMap(({ tree: t }) => flatten(t)).map((n) => [n.url, n]));
    for (const n of added) {
      expect(entity.link_contexts.some((l) => l.url === n.url)).toBe(true);
      expect(entity.children.some((c) => c.url === n.url)).toBe(false);
      expect(n.content).toBe(pages.get(n.url)!.content);
      expect(n.title).toBe(pages.get(n.url)!.title);
      expect(n.depth).toBe(3);
    }
  });
});

function flatten(n: (typeof world.trees)[number]["tree"]): Array<typeof n> {
  return [n, ...n.children.flatMap(flatten)];
}

describe("stored synthetic world: what its views know", () => {
  it("a stored world tree's view knows its entities (questions in plain words); other trees know none", async () => {
    const { trees } = await importWorld(db, params);
    const view = await loadTreeView(db, trees[0]!.id);
    const entity = world.trees[0]!.truth.find((t) => t.kind === "entity")!;
    expect(view.known?.(entity.url)).toEqual(entity.known);
    expect(view.known?.("https://elsewhere.example/")).toBeUndefined();
  });
});
