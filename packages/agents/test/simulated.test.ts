import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseDrArenaTree, type AgentRequest, type ChecklistItem } from "@arena/core";
import { parseCitations } from "@arena/core/citations";
import { simulatedAgent, simulatedText } from "../src/protocols/simulated-agent";
import type { Oracle } from "../src/types";
import { drArenaTreesDir } from "@arena/dr-arena-trees";

/** The published DR-Arena trees (the one helper finds them). */
const TREES = await drArenaTreesDir();

/** An oracle built from real pages of a DR-Arena tree: entity = page title, facts = sentences with numbers. */
function oracleFromTree(file: string): Oracle {
  const root = parseDrArenaTree(JSON.parse(readFileSync(`${TREES}${file}`, "utf8")));
  const pages = root.children.filter((c) => (c.content ?? "").length > 200 && c.title).slice(0, 3);
  const checklistDepth: ChecklistItem[] = pages.slice(0, 2).map((p) => ({
    item: p.title!.split("|")[0]!.trim(),
    detail: `the page linked from ${root.title ?? root.url}`,
    sourceUrl: p.url,
  }));
  const checklistWidth: ChecklistItem[] = pages.flatMap((p) => {
    const sentence = (p.content ?? "").split(/(?<=[.!?])\s+/).find((s) => /\d/.test(s) && s.length < 200);
    return sentence ? [{ item: `figure from ${p.url}`, detail: sentence.trim(), sourceUrl: p.url }] : [];
  });
  return { checklistDepth, checklistWidth, sourceUrls: pages.map((p) => p.url) };
}

const oracle = oracleFromTree("tree_0002.json");
const req: AgentRequest = { question: "A deep and wide question?", wordLimitInstruction: "Answer length: 180-280 words.", history: [] };
const has = (text: string, s: string) => text.toLowerCase().includes(s.toLowerCase());

describe("simulated agents", () => {
  it("uses a real oracle with both kinds of items", () => {
    expect(oracle.checklistDepth.length).toBe(2);
    expect(oracle.checklistWidth.length).toBeGreaterThanOrEqual(2);
  });

  it("p = 1: every item present, cited to its source", async () => {
    const a = await simulatedAgent("sim-strong", { p_depth: 1, p_width: 1 }).answer(req, { seed: "m1", oracle });
    expect(a.error).toBeNull();
    for (const d of oracle.checklistDepth) expect(has(a.text, d.item)).toBe(true);
    for (const w of oracle.checklistWidth) expect(has(a.text, w.detail)).toBe(true);
    const c = parseCitations(a.text);
    expect(new Set(c.urls)).toEqual(new Set(oracle.sourceUrls));
    expect(c.unresolved).toEqual([]);
    expect(a.citations.count).toBe(oracle.sourceUrls.length);
  });

  it("p = 0: no item present, wrong entities instead", () => {
    for (const seed of ["a", "b", "c", "d", "e"]) {
      const text = simulatedText("sim-weak", { p_depth: 0, p_width: 0 }, req, { seed, oracle });
      for (const d of oracle.checklistDepth) expect(has(text, d.item)).toBe(false);
      for (const w of oracle.checklistWidth) expect(has(text, w.detail)).toBe(false);
      expect(text).toMatch(/## Identified entities/);
    }
  });

  it("item frequencies approach the planted probabilities over many seeds", () => {
    const cfg = { p_depth: 0.7, p_width: 0.3 };
    let depthHits = 0;
    let widthHits = 0;
    const N = 600;
    for (let i = 0; i < N; i++) {
      const text = simulatedText("sim-mid", cfg, req, { seed: `seed-${i}`, oracle });
      depthHits += oracle.checklistDepth.filter((d) => has(text, d.item)).length;
      widthHits += oracle.checklistWidth.filter((w) => has(text, w.detail)).length;
    }
    // binomial sd at these sizes is ≈ 0.013–0.02; 0.06 is a generous 3+ sd band
    expect(depthHits / (N * oracle.checklistDepth.length)).toBeCloseTo(0.7, 1);
    expect(Math.abs(widthHits / (N * oracle.checklistWidth.length) - 0.3)).toBeLessThan(0.06);
  });

  it("is deterministic for (seed, agent, round, question) and varies with each", () => {
    const cfg = { p_depth: 0.5, p_width: 0.5 };
    const base = simulatedText("x", cfg, req, { seed: "s1", oracle });
    expect(simulatedText("x", cfg, req, { seed: "s1", oracle })).toBe(base);
    const variants = [
      simulatedText("x", cfg, req, { seed: "s2", oracle }),
      simulatedText("y", cfg, req, { seed: "s1", oracle }),
      simulatedText("x", cfg, { ...req, history: [{ question: "q", answer: "a" }] }, { seed: "s1", oracle }),
    ];
    // each variant redraws 5 fair coins; all three equal to the base by chance is (1/32)^3
    expect(variants.some((v) => v !== base)).toBe(true);
  });

  it("a wrong width fact states a changed number, never the true one", () => {
    const numeric = oracle.checklistWidth.filter((w) => /\d/.test(w.detail));
    expect(numeric.length).toBeGreaterThan(0);
    let wrongSeen = 0;
    for (let i = 0; i < 50; i++) {
      const text = simulatedText("w", { p_depth: 1, p_width: 0 }, req, { seed: `w${i}`, oracle });
      for (const w of numeric)
        if (has(text, `**${w.item}**`)) {
          wrongSeen++;
          expect(has(text, w.detail)).toBe(false);
        }
    }
    expect(wrongSeen).toBeGreaterThan(0);
  });

  it("honours latency and a caller abort", async () => {
    const agent = simulatedAgent("slow-sim", { p_depth: 1, p_width: 1, latency_ms: 5_000 });
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 20);
    const a = await agent.answer(req, { seed: "s", oracle, signal: ctl.signal });
    expect(a.error?.class).toBe("timeout");
    const quick = await simulatedAgent("q", { p_depth: 1, p_width: 1, latency_ms: 30 }).answer(req, { seed: "s", oracle });
    expect(quick.error).toBeNull();
  });
});
