import { describe, expect, it } from "vitest";
import type { TaskContext } from "@arena/core";
import { variantContexts, variantOrder } from "../src/variants";

const node = (title: string) =>
  ({
    url: `https://x.test/${title}`,
    title,
    description: "",
    content: "",
    linkContext: null,
    relationship: null,
  }) as unknown as TaskContext["aggregationPool"][number];
const full: TaskContext = {
  rootTopic: "root",
  reasoningChain: [node("grandparent"), node("parent")],
  aggregationPool: [node("target"), node("sibling")],
  previousQuestions: [],
  depth: 3,
  width: 2,
  wordLimit: { min: 200, max: 300 } as unknown as TaskContext["wordLimit"],
};

describe("Instrument I variants", () => {
  it("flat context lists chain and pool as one unstructured pool; no logic chain keeps the pool only", () => {
    const v = variantContexts(full);
    expect(v.full_tree).toBe(full);
    expect(v.flat_context.reasoningChain).toEqual([]);
    expect(v.flat_context.aggregationPool.map((n) => n.title)).toEqual(["grandparent", "parent", "target", "sibling"]);
    expect(v.flat_context.depth).toBe(1);
    expect(v.no_logic_chain.reasoningChain).toEqual([]);
    expect(v.no_logic_chain.aggregationPool).toEqual(full.aggregationPool);
    expect(v.no_logic_chain.depth).toBe(3);
  });

  it("shows the three configurations in an order fixed per item and auditor", () => {
    const o = variantOrder("item1", "alice");
    expect([...o].sort()).toEqual(["flat_context", "full_tree", "no_logic_chain"]);
    expect(variantOrder("item1", "alice")).toEqual(o);
    const orders = new Set(Array.from({ length: 30 }, (_, i) => variantOrder(`item${i}`, "alice").join()));
    expect(orders.size).toBeGreaterThan(1);
  });
});
