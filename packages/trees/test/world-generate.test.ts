import { describe, expect, it } from "vitest";
import { parseDrArenaTree, type DrArenaNode } from "@arena/core";
import { formatNumber, generateWorld, scaleParams, type TruthValue } from "../src/world/index";

function* walk(n: DrArenaNode): Generator<DrArenaNode> {
  yield n;
  for (const c of n.children) yield* walk(c);
}

function stated(value: TruthValue): string[] {
  if (Array.isArray(value)) return value;
  return [typeof value === "number" ? formatNumber(value) : value];
}

describe("synthetic world", () => {
  const world = generateWorld({ seed: "alpha", hubs: 5, entities: 10 });

  it("is deterministic per seed and differs across seeds", () => {
    expect(JSON.stringify(generateWorld({ seed: "alpha", hubs: 5, entities: 10 }))).toBe(JSON.stringify(world));
    const other = generateWorld({ seed: "beta", hubs: 5, entities: 10 });
    expect(JSON.stringify(other)).not.toBe(JSON.stringify(world));
    expect(other.trees[0]!.tree.title).not.toBe(world.trees[0]!.tree.title);
  });

  it("produces valid DR-Arena trees of depth 3 under the seed's URL space", () => {
    expect(world.trees).toHaveLength(5);
    for (const { tree } of world.trees) {
      expect(parseDrArenaTree(JSON.parse(JSON.stringify(tree)))).toEqual(tree);
      const nodes = [...walk(tree)];
      expect(Math.max(...nodes.map((n) => n.depth))).toBe(3);
      expect(nodes.every((n) => n.url.startsWith("https://world.arena.test/alpha/"))).toBe(true);
      for (const n of nodes) for (const c of n.children) expect(c.depth).toBe(n.depth + 1);
      // Every child is linked from its parent, with the anchor inside the surrounding text.
      for (const n of nodes) {
        for (const c of n.children) {
          const lc = n.link_contexts.find((l) => l.url === c.url)!;
          expect(lc.surrounding_text).toContain(lc.anchor_text);
          expect(c.relationship_cluster).toBe(lc.relationship);
        }
      }
    }
    expect(world.pages).toBe(new Set(world.trees.flatMap(({ tree }) => [...walk(tree)].map((n) => n.url))).size);
  });

  it("states every ground-truth value on its page", () => {
    let checked = 0;
    for (const { tree, truth } of world.trees) {
      const pages = new Map([...walk(tree)].map((n) => [n.url, n]));
      expect(truth.length).toBeGreaterThan(10);
      for (const entry of truth) {
        const page = pages.get(entry.url)!;
        expect(page.content).toContain(entry.name);
        for (const [key, value] of Object.entries(entry.attributes)) {
          for (const text of stated(value)) {
            expect(page.content, `${entry.url} ${key}`).toContain(text);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it("introduces each entity on its parent page by clues, without the entity page", () => {
    const { tree, truth } = world.trees[1]!;
    const region = tree.children[0]!;
    const entity = region.children[0]!;
    const facts = truth.find((t) => t.url === entity.url)!;
    const context = region.link_contexts.find((l) => l.url === entity.url)!;
    expect(context.surrounding_text).toContain(String(facts.attributes.founded ?? facts.attributes.built));
    expect(context.surrounding_text).toContain(String(facts.attributes.town));
    // Entity pages also link to pages outside their children: what expansion follows.
    const childUrls = new Set(entity.children.map((c) => c.url));
    expect(entity.link_contexts.some((l) => !childUrls.has(l.url) && l.url !== region.url)).toBe(true);
  });

  it("scales to at least 20,000 distinct pages", () => {
    const big = generateWorld(scaleParams("bench", 20_000));
    expect(big.pages).toBeGreaterThanOrEqual(20_000);
  });
});
