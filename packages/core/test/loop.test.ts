import { describe, expect, it } from "vitest";
import {
  applyJudgement,
  beforeRound,
  chooseStart,
  initialState,
  LOOP_DEFAULTS,
  memoryTreeView,
  onGenerationError,
  onJudgeError,
  roundsUsed,
  parseLoopState,
  planTransition,
  prepareRound,
  runScriptedLoop,
  startAt,
  startCandidates,
  targetView,
  transitionAction,
  transitionAfter,
  type LoopState,
  type TreeView,
} from "../src/index";
import { DR_ARENA_TREE_FILES } from "@arena/dr-arena-trees";
import { APPENDIX_D, handheldTree, loadTree, node, tree, v } from "./fixtures";

/** root → t0..t3 (top level); t0 → c0..c2; c0 → g0, g1; all with content. */
const deepTree = () =>
  tree({
    title: "Root topic",
    children: [
      { title: "T0", children: [{ title: "C0", children: [{ title: "G0" }, { title: "G1" }] }, { title: "C1" }, { title: "C2" }] },
      { title: "T1" },
      { title: "T2" },
      { title: "T3" },
    ],
  });

/** A state positioned on `path` (ids) with some history, as if rounds had been played. */
function at(t: TreeView, path: string[], width = 3, seed = 1): LoopState {
  const s = chooseStart(initialState(seed), t);
  return { ...s, path, snapshots: path.map(() => ({ a: 0, b: 0 })), width };
}

const judged = (s: LoopState, verdict = v("[[A_BETTER]]")) =>
  applyJudgement(s, { question: `q${s.round + 1}`, answerA: `a${s.round + 1}`, answerB: `b${s.round + 1}`, verdict });

describe("Appendix D walkthrough", () => {
  it("replays widths 2..6 at depth 2, ends 2.0 vs 5.0 by the mercy rule after round 5", async () => {
    const { rounds, state } = await runScriptedLoop(handheldTree(), APPENDIX_D, 42);
    expect(rounds.map((r) => r.width)).toEqual([2, 3, 4, 5, 6]);
    expect(rounds.map((r) => r.depth)).toEqual([2, 2, 2, 2, 2]);
    expect(rounds.map((r) => [r.score_a, r.score_b])).toEqual([
      [1, 0],
      [1, 1],
      [2, 1],
      [2, 3],
      [2, 5],
    ]);
    expect(rounds.map((r) => r.action)).toEqual(["probe_both", "probe_width", "probe_both", "probe_width", null]);
    expect(rounds.map((r) => r.stop)).toEqual([null, null, null, null, "mercy_rule"]);
    expect(rounds.map((r) => r.stuck)).toEqual([true, false, true, false, false]);
    expect(state).toMatchObject({ stopReason: "mercy_rule", scoreA: 2, scoreB: 5, round: 5 });
    // leaves: every descend asked for a depth expansion that could not be performed
    expect(rounds[0]!.expansions).toEqual([{ kind: "depth", nodeId: state.path[1], count: 3 }]);
    expect(rounds.map((r) => r.poolSize)).toEqual([2, 3, 4, 5, 6]);
  });

  it("is deterministic for a seed and resumable from JSON", async () => {
    const a = await runScriptedLoop(handheldTree(), APPENDIX_D, 9);
    const b = await runScriptedLoop(handheldTree(), APPENDIX_D, 9);
    expect(a).toEqual(b);
    expect(parseLoopState(JSON.parse(JSON.stringify(a.state)))).toEqual(a.state);
  });
});

describe("resuming a persisted match", () => {
  it("continues from a JSON round-trip with the same random choices as an uninterrupted run", async () => {
    const t = loadTree("tree_0006.json");
    const verdicts = [v("[[Tie]]", "HIGH"), v("[[A_BETTER]]", "N/A", "BOTH"), v("[[Tie]]", "HIGH"), v("[[B_BETTER]]", "N/A", "NONE")];
    const full = await runScriptedLoop(t, verdicts, 77);
    const half = await runScriptedLoop(t, verdicts.slice(0, 2), 77);
    let s = parseLoopState(JSON.parse(JSON.stringify(half.state)));
    const noExpansion = async () => {};
    for (const [k, verdict] of verdicts.slice(2).entries()) {
      const asked = await prepareRound(s, t, noExpansion);
      const played = { depth: asked.context.depth, width: asked.context.width, path: asked.state.path.map((id) => t.node(id)!.url) };
      expect(played).toEqual({ depth: full.rounds[k + 2]!.depth, width: full.rounds[k + 2]!.width, path: full.rounds[k + 2]!.path });
      s = applyJudgement(asked.state, {
        question: `Scripted question ${s.round + 1} (D=${played.depth}, W=${played.width})`,
        answerA: "",
        answerB: "",
        verdict,
      }).state;
      s = (await transitionAfter(s, t, verdict, noExpansion)).state;
    }
    expect(s).toEqual(full.state);
  });
});

describe("start and before-round", () => {
  it("starts among the shallowest nodes with content, skipping content-less levels", async () => {
    const t = tree({ title: "R", children: [{ title: "E", content: "", children: [{ title: "X" }, { title: "Y" }] }] });
    expect(startCandidates(t)).toEqual(["0.0.0", "0.0.1"]);
    const s = chooseStart(initialState(3), t);
    expect(s.path.slice(0, 2)).toEqual(["0", "0.0"]);
    expect(s.path).toHaveLength(3);
    expect(s.width).toBe(2);
  });

  it("width trigger: requests expansion for exactly the children the parent lacks, then proceeds", async () => {
    const t = deepTree();
    const s = at(t, ["0", "0.0", "0.0.0"], 4); // C0 has 2 siblings → pool of 3
    expect(beforeRound(s, t)).toEqual({ kind: "expand_width", parentId: "0.0", nodeId: "0.0.0", needed: 1 });
    const ask = beforeRound(s, t, { widthExpansionAttempted: true });
    expect(ask.kind).toBe("ask");
    if (ask.kind !== "ask") return;
    expect(ask.context.aggregationPool.map((n) => n.title)).toEqual(expect.arrayContaining(["C0", "C1", "C2"]));
    expect(ask.context.aggregationPool[0]!.title).toBe("C0");
    expect(ask.context.reasoningChain.map((n) => n.title)).toEqual(["Root topic", "T0"]);
    expect(ask.context.depth).toBe(3);
    expect(ask.state.rng).not.toEqual(s.rng);
  });

  it("width trigger counts the parent's children with the current node, text or not (Algorithm 1 line 7)", async () => {
    // C0's parent has 3 children; one of them has no text, so the pool holds 2
    const t = tree({
      title: "R",
      children: [{ title: "P", children: [{ title: "C0" }, { title: "C1" }, { title: "C2", content: null }] }],
    });
    const at3 = beforeRound(at(t, ["0", "0.0", "0.0.0"], 3), t);
    expect(at3.kind === "ask" && at3.context.aggregationPool.map((n) => n.title).sort()).toEqual(["C0", "C1"]);
    expect(beforeRound(at(t, ["0", "0.0", "0.0.0"], 5), t)).toEqual({ kind: "expand_width", parentId: "0.0", nodeId: "0.0.0", needed: 2 });
  });

  it("a node whose description (not its content) has > 20 characters may start and join a pool", async () => {
    const described = { content: null, description: "A long enough meta description of this page." };
    const root = node({
      title: "R",
      children: [
        { title: "A", content: null },
        { title: "B", content: null },
        { title: "C", content: null },
      ],
    });
    expect(startCandidates(memoryTreeView(root))).toEqual([]);
    root.children[1] = { ...root.children[1]!, ...described };
    root.children[2] = { ...root.children[2]!, ...described };
    const d = memoryTreeView(root);
    expect(startCandidates(d)).toEqual(["0.1", "0.2"]);
    const ask = beforeRound(at(d, ["0", "0.1"], 3), d);
    expect(ask.kind === "ask" && ask.context.aggregationPool.map((n) => n.title)).toEqual(["B", "C"]);
    // descending still needs content: a described child is not a descend target
    expect(planTransition(judged(at(d, ["0"], 2)).state, d, v("[[Tie]]", "HIGH"))).toEqual({
      kind: "expand_depth",
      nodeId: "0",
      maxChildren: 3,
    });
  });

  it("on a view with targetable pages, starts and pools keep to them; a level of hubs only is passed through", async () => {
    // N0 and N1 are listing pages (not targetable); N0's children and T are content pages
    const t = tree({
      title: "R",
      children: [
        { title: "N0", children: [{ title: "A" }, { title: "B" }, { title: "N2" }] },
        { title: "N1", children: [{ title: "C" }] },
        { title: "T" },
      ],
    });
    expect(startCandidates(t)).toEqual(["0.0", "0.1", "0.2"]);
    const view = targetView(t, (n) => !n.title.startsWith("N"));
    // T is targetable but alone at its level: a pool of W = 2 is had one level down, under N0
    expect(startCandidates(view, undefined, 2)).toEqual(["0.0.0", "0.0.1"]);
    expect(startCandidates(view, undefined, 1)).toEqual(["0.2"]);
    // no level reaches W = 3: the shallowest level with targetable pages
    expect(startCandidates(view, undefined, 3)).toEqual(["0.2"]);
    const s = chooseStart({ ...initialState(7), width: 2 }, view);
    expect(["0.0.0", "0.0.1"]).toContain(s.path.at(-1));
    const ask = beforeRound({ ...s, width: 3 }, view, { widthExpansionAttempted: true });
    // the listing page N0 is the pool's hub (its chain), never a member; N2 stays out
    expect(ask.kind === "ask" && ask.context.aggregationPool.map((n) => n.title).sort()).toEqual(["A", "B"]);
    expect(ask.kind === "ask" && ask.context.reasoningChain.map((n) => n.title)).toEqual(["R", "N0"]);
  });

  it("a jump to a new start keeps the current width", async () => {
    const t = deepTree();
    const g = onGenerationError(at(t, ["0", "0.0", "0.0.0"], 5), t, "bad question")!;
    expect(g.path).toHaveLength(2);
    expect(g.width).toBe(5);
  });

  it("empty pool: reports it; the jump is logged and lands on a node with content", async () => {
    const t = tree({ title: "R", children: [{ title: "A", children: [{ title: "E", content: "short" }] }, { title: "B" }] });
    const s = at(t, ["0", "0.0", "0.0.0"], 2);
    expect(beforeRound(s, t, { widthExpansionAttempted: true })).toEqual({ kind: "empty_pool", parentId: "0.0", needed: 2 });
    const g = onGenerationError(s, t, "model timeout")!;
    expect(["0.0", "0.1"]).toContain(g.path[g.path.length - 1]);
    expect(g.jumps.at(-1)).toMatchObject({ reason: "generation_error", detail: "model timeout", round: 0 });
    expect(g.round).toBe(0);
  });
});

describe("transition table (Table 2)", () => {
  const t = deepTree();
  /** One round played at T0 (path root → T0), W = 3. */
  const mid = () => judged(at(t, ["0", "0.0"], 3)).state;

  it("maps verdicts to actions", async () => {
    expect(transitionAction(v("[[Tie]]", "LOW"))).toBe("backtrack");
    expect(transitionAction(v("[[Tie]]", "HIGH"))).toBe("pressure_test");
    expect(transitionAction(v("[[A_BETTER]]", "N/A", "DEEP"))).toBe("probe_depth");
    expect(transitionAction(v("[[B_MUCH_BETTER]]", "N/A", "WIDE"))).toBe("probe_width");
    expect(transitionAction(v("[[B_BETTER]]", "N/A", "BOTH"))).toBe("probe_both");
    expect(transitionAction(v("[[A_MUCH_BETTER]]", "N/A", "NONE"))).toBe("probe_both");
  });

  it("Tie HIGH → pressure test: W+1 and descend", async () => {
    const p = planTransition(mid(), t, v("[[Tie]]", "HIGH"));
    expect(p.kind).toBe("done");
    if (p.kind !== "done") return;
    expect(p.state.width).toBe(4);
    expect(p.state.path.slice(0, 2)).toEqual(["0", "0.0"]);
    expect(["0.0.0", "0.0.1", "0.0.2"]).toContain(p.state.path[2]);
    expect(p.transition).toMatchObject({ action: "pressure_test", descended: true, widthBefore: 3, widthAfter: 4 });
  });

  it("winner + DEEP → descend, width unchanged; widens when no child exists even after expansion", async () => {
    const p = planTransition(mid(), t, v("[[A_BETTER]]", "N/A", "DEEP"));
    expect(p.kind === "done" && [p.state.width, p.state.path.length]).toEqual([3, 3]);
    const leaf = judged(at(t, ["0", "0.1"], 3)).state;
    expect(planTransition(leaf, t, v("[[A_BETTER]]", "N/A", "DEEP"))).toEqual({ kind: "expand_depth", nodeId: "0.1", maxChildren: 3 });
    const after = planTransition(leaf, t, v("[[A_BETTER]]", "N/A", "DEEP"), { depthExpansionAttempted: true });
    expect(after.kind === "done" && after.state.width).toBe(4);
    expect(after.kind === "done" && after.transition).toMatchObject({
      action: "probe_depth",
      widthFallback: true,
      stuck: false,
      descended: false,
    });
    expect(after.kind === "done" && after.state.stuckDescends).toEqual([]);
  });

  it("winner + WIDE → W+1, same node", async () => {
    const p = planTransition(mid(), t, v("[[B_BETTER]]", "N/A", "WIDE"));
    expect(p.kind === "done" && [p.state.width, p.state.path]).toEqual([4, ["0", "0.0"]]);
  });

  it("winner + BOTH/NONE → W+1 and descend; a leaf is a logged stuck descend", async () => {
    const p = planTransition(mid(), t, v("[[B_BETTER]]", "N/A", "BOTH"));
    expect(p.kind === "done" && [p.state.width, p.state.path.length]).toEqual([4, 3]);
    const leaf = judged(at(t, ["0", "0.1"], 3)).state;
    const stuck = planTransition(leaf, t, v("[[A_BETTER]]", "N/A", "NONE"), { depthExpansionAttempted: true });
    expect(stuck.kind === "done" && stuck.state.path).toEqual(["0", "0.1"]);
    expect(stuck.kind === "done" && stuck.state.stuckDescends).toEqual([{ round: 1, nodeId: "0.1" }]);
    expect(stuck.kind === "done" && stuck.transition.stuck).toBe(true);
  });

  it("Tie LOW → backtrack: parent, W−1 (floor 2), histories restored to the descend snapshot", async () => {
    let s = judged(at(t, ["0", "0.0"], 3)).state; // round 1 at T0
    let p = planTransition(s, t, v("[[Tie]]", "HIGH")); // descend into a child of T0
    if (p.kind !== "done") throw new Error("expected a descend");
    s = p.state;
    expect(s.snapshots.at(-1)).toEqual({ a: 1, b: 1 });
    s = judged(s, v("[[Tie]]", "LOW")).state; // round 2 at the child, both fail
    expect(s.historyA).toHaveLength(2);
    p = planTransition(s, t, v("[[Tie]]", "LOW"));
    if (p.kind !== "done") throw new Error("expected a backtrack");
    expect(p.state.path).toEqual(["0", "0.0"]);
    expect(p.state.width).toBe(3);
    expect(p.state.historyA).toEqual([{ question: "q1", answer: "a1" }]);
    expect(p.state.historyB).toEqual([{ question: "q1", answer: "b1" }]);
    expect(p.state.questions).toEqual(["q1", "q2"]); // the examiner still avoids repeating questions
    expect(p.transition).toMatchObject({ action: "backtrack", toNodeId: "0.0", widthAfter: 3 });
  });

  it("Tie LOW at the first level moves to the root: W−1, histories back to the start snapshot", async () => {
    // a match started at T1 after two earlier rounds elsewhere (its start snapshot is 2 turns)
    const tie = v("[[Tie]]", "HIGH");
    let s = judged(judged(at(t, ["0", "0.0"], 5), tie).state, tie).state;
    s = startAt(s, t, "0.1");
    s = judged(s, v("[[Tie]]", "LOW")).state;
    expect(s.historyA).toHaveLength(3);
    const p = planTransition(s, t, v("[[Tie]]", "LOW"));
    if (p.kind !== "done") throw new Error("expected a backtrack");
    expect([p.state.path, p.state.width]).toEqual([["0"], 4]);
    expect(p.state.historyA.map((x) => x.question)).toEqual(["q1", "q2"]);
    expect(p.state.historyB.map((x) => x.answer)).toEqual(["b1", "b2"]);
    expect(p.transition).toMatchObject({ action: "backtrack", fromNodeId: "0.1", toNodeId: "0", widthBefore: 5, widthAfter: 4 });
  });

  it("Tie LOW with the root alone on the path: W ← 2, the path stays", async () => {
    const s = judged(at(t, ["0"], 5)).state;
    const p = planTransition(s, t, v("[[Tie]]", "LOW"));
    expect(p.kind === "done" && [p.state.path, p.state.width, p.state.historyA.length]).toEqual([["0"], 2, 1]);
    expect(p.kind === "done" && p.transition).toMatchObject({ action: "backtrack", toNodeId: "0", widthAfter: 2 });
  });

  it("a round at the root: no width trigger, the root is the pool, the chain is empty, D = 1", async () => {
    const s = at(t, ["0"], 4);
    const ask = beforeRound(s, t);
    if (ask.kind !== "ask") throw new Error(`expected a question, got ${ask.kind}`);
    expect(ask.context.reasoningChain).toEqual([]);
    expect(ask.context.aggregationPool.map((n) => n.title)).toEqual(["Root topic"]);
    expect([ask.context.depth, ask.context.width]).toEqual([1, 4]);
    // and from there a pressure test descends to a first-level node
    const p = planTransition(judged(ask.state, v("[[Tie]]", "HIGH")).state, t, v("[[Tie]]", "HIGH"));
    expect(p.kind === "done" && p.state.path.length).toBe(2);
  });

  it("backtrack never drops W below 2", async () => {
    const s = judged(at(t, ["0", "0.0", "0.0.1"], 2)).state;
    const p = planTransition(s, t, v("[[Tie]]", "LOW"));
    expect(p.kind === "done" && [p.state.width, p.state.path.length]).toEqual([2, 2]);
  });
});

describe("stop conditions", () => {
  it("mercy rule: stops as soon as |S_A − S_B| ≥ 2 after round ≥ 1", async () => {
    const first = judged(initialStateAt(), v("[[B_MUCH_BETTER]]", "N/A", "DEEP"));
    expect(first.stop).toBe("mercy_rule");
    expect(first.state.stopReason).not.toBeNull();
    expect(() => planTransition(first.state, deepTree(), v("[[Tie]]", "HIGH"))).toThrow(/finished/);
  });

  it("max rounds: stops at round 10 with ties", async () => {
    const verdicts = Array.from({ length: 15 }, () => v("[[Tie]]", "HIGH"));
    const { rounds, state } = await runScriptedLoop(deepTree(), verdicts, 4);
    expect(rounds).toHaveLength(LOOP_DEFAULTS.maxRounds);
    expect(rounds.at(-1)!.stop).toBe("max_rounds");
    expect(state).toMatchObject({ scoreA: 0, scoreB: 0, stopReason: "max_rounds" });
  });

  it("alternating BETTER verdicts never trigger the mercy rule", async () => {
    const verdicts = Array.from({ length: 12 }, (_, i) => v(i % 2 ? "[[B_BETTER]]" : "[[A_BETTER]]", "N/A", "WIDE"));
    const { rounds } = await runScriptedLoop(deepTree(), verdicts, 4, { maxRounds: 6 });
    expect(rounds.map((r) => r.stop)).toEqual([null, null, null, null, null, "max_rounds"]);
    expect(rounds.map((r) => r.width)).toEqual([2, 3, 4, 5, 6, 7]);
  });

  function initialStateAt(): LoopState {
    return chooseStart(initialState(1), deepTree());
  }
});

describe("real DR-Arena trees", () => {
  const files = DR_ARENA_TREE_FILES;

  it.each(files)("%s: loop invariants hold under mixed verdicts", async (file) => {
    const t = loadTree(file);
    const tokens = ["[[A_BETTER]]", "[[B_BETTER]]", "[[Tie]]", "[[Tie]]"] as const;
    const failures = ["DEEP", "WIDE", "BOTH", "NONE"] as const;
    const verdicts = Array.from({ length: 10 }, (_, i) =>
      v(tokens[i % 4]!, tokens[i % 4] === "[[Tie]]" ? (i % 3 ? "HIGH" : "LOW") : "N/A", failures[i % 4]!),
    );
    const { rounds, state } = await runScriptedLoop(t, verdicts, 1234);
    expect(rounds.length).toBeGreaterThan(0);
    for (const r of rounds) {
      expect(r.depth).toBe(r.path.length);
      expect(r.depth).toBeGreaterThanOrEqual(1);
      expect(r.width).toBeGreaterThanOrEqual(2);
      expect(r.poolSize).toBeGreaterThanOrEqual(1);
      expect(r.poolSize).toBeLessThanOrEqual(r.width);
    }
    for (let k = 1; k < state.path.length; k++) expect(t.node(state.path[k]!)!.parentId).toBe(state.path[k - 1]);
    expect(state.historyA.length).toBeLessThanOrEqual(state.round);
    expect(await runScriptedLoop(t, verdicts, 1234)).toEqual({ rounds, state });
  });
});

describe("prepareRound expansion requests", () => {
  it("asks for a parent's width expansion once when the pool stays empty after it", async () => {
    // The current node has no content and no sibling has any: width expansion of the root is
    // tried, the pool is still empty, and the round jumps to a new start without asking again.
    const view = tree({
      title: "Root",
      children: [
        { title: "Empty", content: null },
        { title: "Blank", content: null, children: [{ title: "Deep" }] },
      ],
    });
    const state = startAt(initialState(1), view, "0.0");
    const asked: Array<[string, string]> = [];
    await prepareRound(state, view, async (kind, nodeId) => void asked.push([kind, nodeId])).catch(() => undefined);
    const root = asked.filter(([kind, id]) => kind === "width" && id === view.rootId);
    expect(asked.length).toBeGreaterThan(0);
    expect(root.length).toBeLessThanOrEqual(1);
    expect(new Set(asked.map((a) => a.join(":"))).size).toBe(asked.length);
  });
});

describe("round accounting: generation and judge errors spend the budget (the reference)", () => {
  const t = deepTree();

  it("each failure spends one round; scores, position and histories stay on a judge error", () => {
    const s = judged(at(t, ["0", "0.0"], 3)).state;
    const judgeFailed = onJudgeError(s);
    expect(judgeFailed).toMatchObject({ round: 1, failed: 1, scoreA: s.scoreA, path: s.path, historyA: s.historyA, stopReason: null });
    const genFailed = onGenerationError(judgeFailed, t, "bad question")!;
    expect(genFailed).toMatchObject({ round: 1, failed: 2, stopReason: null });
    expect(genFailed.jumps.at(-1)).toMatchObject({ reason: "generation_error" });
    expect(roundsUsed(genFailed)).toBe(3);
  });

  it("10 rounds in all: 7 judged after 3 failures end the match at max_rounds", () => {
    let s = at(t, ["0", "0.0"], 3);
    s = onGenerationError(s, t, "x")!;
    s = onJudgeError(s);
    s = onJudgeError(s);
    let stop = null;
    let judgedRounds = 0;
    while (!stop) {
      const r = judged(s, v("[[Tie]]", "HIGH"));
      judgedRounds++;
      s = r.state;
      stop = r.stop;
    }
    expect(judgedRounds).toBe(7);
    expect(s).toMatchObject({ round: 7, failed: 3, stopReason: "max_rounds" });
  });

  it("a failure in the last round of the budget finishes the loop, without a jump", () => {
    let s = at(t, ["0", "0.0"], 3);
    for (let i = 0; i < LOOP_DEFAULTS.maxRounds - 1; i++) s = judged(s, v("[[Tie]]", "HIGH")).state;
    const jumps = s.jumps.length;
    const last = onGenerationError(s, t, "timeout")!;
    expect(last).toMatchObject({ round: 9, failed: 1, stopReason: "max_rounds" });
    expect(last.jumps).toHaveLength(jumps);
    expect(onJudgeError(s)).toMatchObject({ stopReason: "max_rounds" });
    expect(() => onJudgeError(last)).toThrow(/finished/);
  });

  it("a state stored before the field existed reads as no failures", () => {
    const { failed: _failed, ...old } = at(t, ["0"], 2);
    expect(parseLoopState(JSON.parse(JSON.stringify(old))).failed).toBe(0);
  });
});
