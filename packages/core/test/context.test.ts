import { describe, expect, it } from "vitest";
import { buildTaskContext, CONTEXT_LIMITS, contextNode, memoryTreeView, poolCandidates, Rng } from "../src/index";
import { node, tree } from "./fixtures";

const t = tree({
  title: "Birds",
  children: [
    {
      title: "Raptors",
      relationship: "orders",
      children: [
        { title: "Eagle", relationship: "species", content: `Eagle ${"x".repeat(900)}` },
        { title: "Hawk" },
        { title: "hawk" }, // duplicate title (case-insensitive)
        { title: "Kite", content: "too short" },
        { title: "Falcon" },
        { title: "Owl" },
      ],
    },
  ],
});

describe("task context (§3)", () => {
  it("node text: parent's link context, description, the whole content (each examiner cuts it to its budget)", () => {
    const n = contextNode(t, t.node("0.0.0")!);
    expect(n).toMatchObject({ title: "Eagle", relationship: "species", surroundingText: "see Eagle", description: "About Eagle" });
    expect(n.content).toBe(t.node("0.0.0")!.content);
    expect(contextNode(t, t.node("0")!).relationship).toBe("");
  });

  it("untrusted page texts are cut to the documented limits before they reach the examiner", () => {
    const huge = node({ title: "R", children: [{ title: "T".repeat(70_000), content: "1,".repeat(60_000) }] });
    huge.children[0]!.description = "A.".repeat(31_000);
    huge.link_contexts[0]!.surrounding_text = "x ".repeat(50_000);
    const view = memoryTreeView(huge);
    const n = contextNode(view, view.node("0.0")!);
    expect([n.title.length, n.description.length, n.surroundingText.length, n.content.length]).toEqual([
      CONTEXT_LIMITS.title,
      CONTEXT_LIMITS.description,
      CONTEXT_LIMITS.linkContext - 1, // cut after a space, trailing space trimmed
      CONTEXT_LIMITS.content,
    ]);
    expect(CONTEXT_LIMITS).toEqual({ title: 200, description: 500, linkContext: 500, content: 100_000 });
  });

  it("pool candidates: current first, content > 20 chars, unique titles", () => {
    expect(poolCandidates(t, "0.0.1").map((n) => n.title)).toEqual(["Hawk", "Eagle", "Falcon", "Owl"]);
  });

  it("builds the chain path[-3:-1], a seeded pool of W nodes, D and the word limit", () => {
    const ctx = buildTaskContext({ tree: t, path: ["0", "0.0", "0.0.0"], width: 3, previousQuestions: ["q1"], rng: Rng.fromSeed(1) });
    if (ctx.kind !== "context") throw new Error("expected a context");
    const c = ctx.context;
    expect(c.rootTopic).toBe("Birds");
    expect(c.reasoningChain.map((n) => n.title)).toEqual(["Birds", "Raptors"]);
    expect(c.aggregationPool).toHaveLength(3);
    expect(c.aggregationPool[0]!.title).toBe("Eagle");
    expect(new Set(c.aggregationPool.map((n) => n.title)).size).toBe(3);
    expect(c).toMatchObject({ depth: 3, width: 3, previousQuestions: ["q1"], wordLimit: { min: 250, max: 350 } });
    const again = buildTaskContext({ tree: t, path: ["0", "0.0", "0.0.0"], width: 3, previousQuestions: [], rng: Rng.fromSeed(1) });
    expect(again.kind === "context" && again.context.aggregationPool).toEqual(c.aggregationPool);
  });

  it("path of length 2: the chain is the root alone", () => {
    const ctx = buildTaskContext({ tree: t, path: ["0", "0.0"], width: 2, previousQuestions: [], rng: Rng.fromSeed(1) });
    expect(ctx.kind === "context" && ctx.context.reasoningChain.map((n) => n.title)).toEqual(["Birds"]);
    expect(ctx.kind === "context" && ctx.context.aggregationPool.map((n) => n.title)).toEqual(["Raptors"]);
  });

  it("root alone on the path: the root is the question's node, its chain empty, D = 1", () => {
    const ctx = buildTaskContext({ tree: t, path: ["0"], width: 3, previousQuestions: [], rng: Rng.fromSeed(1) });
    if (ctx.kind !== "context") throw new Error("expected a context");
    expect(ctx.context.reasoningChain).toEqual([]);
    expect(ctx.context.aggregationPool.map((n) => [n.title, n.relationship])).toEqual([["Birds", ""]]);
    expect(ctx.context).toMatchObject({ rootTopic: "Birds", depth: 1, width: 3, wordLimit: { min: 210, max: 310 } });
  });

  it("signals an empty pool when no candidate has content", () => {
    const bare = tree({ title: "R", children: [{ title: "A", children: [{ title: "x", content: null }] }] });
    expect(buildTaskContext({ tree: bare, path: ["0", "0.0", "0.0.0"], width: 2, previousQuestions: [], rng: Rng.fromSeed(1) })).toEqual({
      kind: "empty_pool",
    });
  });
});
