import { describe, expect, it } from "vitest";
import type { ChecklistItem } from "@arena/core";
import { createHeuristicExaminer } from "../src/heuristic/examiner";
import { entityFound, factFound, judgeHeuristically, scoreAnswer, type JudgeInput } from "../src/index";

const SRC1 = "https://en.wikipedia.org/wiki/TurboExpress";
const SRC2 = "https://en.wikipedia.org/wiki/Sega_Nomad";

const depth: ChecklistItem[] = [
  { item: "TurboExpress", detail: "NEC handheld playing HuCards", sourceUrl: SRC1, aliases: ["PC Engine GT"] },
  { item: "Sega Nomad", detail: "handheld Genesis", sourceUrl: SRC2, aliases: [] },
];
const width: ChecklistItem[] = [
  { item: "Entity 1: launch price", detail: "$249.99", sourceUrl: SRC1 },
  { item: "Entity 1: release date", detail: "December 1, 1990", sourceUrl: SRC1 },
  { item: "Entity 2: batteries", detail: "6 AA batteries", sourceUrl: SRC2 },
  { item: "Entity 2: battery life", detail: "2 to 3 hours", sourceUrl: SRC2 },
];

const PERFECT = `## Consoles
- **TurboExpress** (NEC): launched 1 December 1990 at $249.99.
- **Sega Nomad**: runs on six AA cells — 6 AA batteries — lasting 2 to 3 hours.

## References
1. ${SRC1}`;
const MISSING_ENTITY = `## Consoles
- The Game Gear launched on 1 December 1990 at $249.99.
- The Atari Lynx uses 6 AA batteries lasting 2 to 3 hours.`;
const MISSING_FACTS = `## Consoles
- **TurboExpress** by NEC.
- **Sega Nomad**, a portable Genesis.`;

function input(answerA: string, answerB: string, citationsA = 1, citationsB = 1): JudgeInput {
  return {
    question: "Identify the two handhelds ...",
    wordLimitInstruction: "Answer length: 10-60 words.",
    checklistDepth: depth,
    checklistWidth: width,
    answerA,
    answerB,
    citationsA,
    citationsB,
  };
}

describe("heuristic matching: common forms of the synthetic world's facts", () => {
  const fact = (detail: string): ChecklistItem => ({ item: "Entity 2: x", detail, sourceUrl: SRC1 });
  it("thousands separated by spaces, and metres written m, are the figure", () => {
    expect(factFound("Entity 2: how many crowns the repairs afterwards cost: 23 354", fact("23,354"))).toBe(true);
    expect(factFound("Its tower height is 21 m.", fact("21"))).toBe(true);
    // after a currency sign m is still millions
    expect(factFound("It cost $1.2m.", fact("$1,200,000"))).toBe(true);
  });

  it("the Entity N label and citation markers are no figures", () => {
    expect(factFound("**Entity 2: how many arches it has**: 3 [2]", fact("2"))).toBe(false);
  });

  it("a year inside a name does not date the fact: another day is another date", () => {
    expect(factFound("The Restoration of 1906 at Cuzia Lighthouse took place on 14 September 1906.", fact("8 September 1906"))).toBe(false);
    expect(factFound("The Restoration of 1906 at Cuzia Lighthouse — date: 8 September 1915", fact("8 September 1906"))).toBe(false);
    expect(factFound("It was restored in 1906.", fact("8 September 1906"))).toBe(true);
  });

  it("words of the name inside another name do not name it", () => {
    const item: ChecklistItem = { item: "Gestoukeir Point Lighthouse", detail: "", sourceUrl: SRC1, aliases: ["Gestoukeir Lighthouse"] };
    expect(entityFound("Kianaecuv Point Lighthouse was completed in 1809.", item)).toBe(false);
    expect(entityFound("The lighthouse at Gestoukeir Point was completed in 1809.", item)).toBe(true);
  });
});

describe("heuristic matching", () => {
  it("matches entities by name, alias and normalisation", () => {
    expect(entityFound("the sega-NOMAD was…", depth[1]!)).toBe(true);
    expect(entityFound("Japan got the PC Engine GT.", depth[0]!)).toBe(true);
    expect(entityFound("Turbo Express", depth[0]!)).toBe(false);
    expect(entityFound("Pokémon Red", { item: "Pokemon Red", detail: "", sourceUrl: SRC1 })).toBe(true);
  });

  it("matches numbers within 1 % and dates in any format", () => {
    expect(factFound("it cost $250", width[0]!)).toBe(true); // 0.004 % off
    expect(factFound("it cost $260", width[0]!)).toBe(false);
    expect(factFound("released 1990-12-01 in the US", width[1]!)).toBe(true);
    expect(factFound("released Dec 1, 1990", width[1]!)).toBe(true);
    expect(factFound("released in November 1990", width[1]!)).toBe(false);
    expect(factFound("sales of 1.2 million units", { item: "x", detail: "1,200,000 units", sourceUrl: SRC1 })).toBe(true);
  });
});

describe("what the judge reads: the answer without its References section", () => {
  const only = (answer: string) => scoreAnswer(answer, 1, { ...input(answer, ""), checklistDepth: [depth[1]!], checklistWidth: [] }).d;

  it("ignores names spelled only by cited URLs, whatever the section is called", () => {
    expect(only("The answer is the Game Gear [1].\n\n## Works cited\n1. https://en.wikipedia.org/wiki/Sega_Nomad")).toBe(0);
    expect(only("The answer is the Game Gear [1].\n\n## Reference\n[1] Sega Nomad - Wikipedia")).toBe(0);
    expect(only("The answer is the Game Gear [1].\n\n[1] https://example.org/sega-nomad")).toBe(0);
  });

  it("reads the body that follows an early Sources heading", () => {
    expect(only("## Sources\n[1] https://example.org/a\n\n## Findings\nThe Sega Nomad played Genesis cartridges [1].")).toBe(1);
  });
});

describe("heuristic judge known cases", () => {
  it("all entities and facts vs a wrong entity → MUCH_BETTER, loser DEEP", () => {
    const v = judgeHeuristically(input(PERFECT, MISSING_ENTITY));
    expect(v.verdict).toBe("[[A_MUCH_BETTER]]");
    expect(v.loser_failure_type).toBe("DEEP");
    expect(v.tie_quality).toBe("N/A");
    expect(v.reasoning).toContain("A: entities 2/2, facts 4/4");
    expect(v.reasoning).toContain("B: entities 0/2, facts 4/4");
    const mirrored = judgeHeuristically(input(MISSING_ENTITY, PERFECT));
    expect(mirrored.verdict).toBe("[[B_MUCH_BETTER]]");
  });

  it("right entities but missing attributes → loser WIDE", () => {
    const v = judgeHeuristically(input(MISSING_FACTS, PERFECT));
    expect(v.verdict).toBe("[[B_MUCH_BETTER]]");
    expect(v.loser_failure_type).toBe("WIDE");
  });

  it("one missing fact only → BETTER, WIDE", () => {
    const oneShort = PERFECT.replace("lasting 2 to 3 hours", "with long life");
    const v = judgeHeuristically(input(PERFECT, oneShort));
    expect(v.verdict).toBe("[[A_BETTER]]");
    expect(v.loser_failure_type).toBe("WIDE");
  });

  it("both empty → Tie LOW", () => {
    const v = judgeHeuristically(input("", "", 0, 0));
    expect(v).toMatchObject({ verdict: "[[Tie]]", tie_quality: "LOW", loser_failure_type: "NONE" });
  });

  it("both perfect with equal presentation → Tie HIGH", () => {
    const v = judgeHeuristically(input(PERFECT, PERFECT.replace("six AA cells", "six cells")));
    expect(v).toMatchObject({ verdict: "[[Tie]]", tie_quality: "HIGH" });
  });

  it("equal hard scores: soft criteria (structure, citations) break the tie → BETTER, NONE", () => {
    const flat = PERFECT.replace(/^## .*$/gm, "").replace(/^- /gm, "");
    const v = judgeHeuristically(input(flat, PERFECT, 1, 3));
    expect(v.verdict).toBe("[[B_BETTER]]");
    expect(v.loser_failure_type).toBe("NONE");
    expect(v.reasoning).toMatch(/Soft criteria: A \d \(.*\), B \d/);
  });

  it("both wrong entities with different formatting stay a LOW tie", () => {
    const v = judgeHeuristically(input(MISSING_ENTITY, MISSING_ENTITY.replace(/^## .*$/m, ""), 0, 5));
    expect(v).toMatchObject({ verdict: "[[Tie]]", tie_quality: "LOW" });
  });

  it("MUCH_BETTER only when the winner has every item right: one fact short caps it at BETTER", () => {
    const oneShort = PERFECT.replace("lasting 2 to 3 hours", "with long life");
    const v = judgeHeuristically(input(oneShort, MISSING_ENTITY));
    expect(v).toMatchObject({ verdict: "[[A_BETTER]]", loser_failure_type: "DEEP" });
    expect(v.reasoning).toContain("A: entities 2/2, facts 3/4");
  });

  it("MUCH_BETTER only when the winner has every item right: one entity short caps it at BETTER", () => {
    const oneEntityShort = PERFECT.replace("**Sega Nomad**", "The other handheld");
    const v = judgeHeuristically(input(oneEntityShort, ""));
    expect(v).toMatchObject({ verdict: "[[A_BETTER]]", loser_failure_type: "BOTH" });
    expect(v.reasoning).toContain("A: entities 1/2, facts 4/4");
  });

  it("both miss the target entities → Tie LOW, however many facts either reports", () => {
    const noFacts = "## Consoles\n- The Game Gear.\n- The Atari Lynx.";
    const v = judgeHeuristically(input(MISSING_ENTITY, noFacts, 3, 0));
    expect(v).toMatchObject({ verdict: "[[Tie]]", tie_quality: "LOW", loser_failure_type: "NONE" });
    expect(v.reasoning).toContain("B: entities 0/2, facts 0/4");
    expect(v.reasoning).toContain("Both miss the target entities");
  });

  it("probe: both right entities, each one fact short → Tie HIGH (small gaps are not a mutual failure)", () => {
    // before: Tie LOW, which backtracks the loop as if both had failed
    const noLife = PERFECT.replace("lasting 2 to 3 hours", "with long life");
    const noPrice = PERFECT.replace(" at $249.99", "");
    const v = judgeHeuristically(input(noLife, noPrice));
    expect(v).toMatchObject({ verdict: "[[Tie]]", tie_quality: "HIGH", loser_failure_type: "NONE" });
    expect(v.reasoning).toContain("A: entities 2/2, facts 3/4");
    expect(v.reasoning).toContain("B: entities 2/2, facts 3/4");
  });

  it("both right entities but most facts missing on both sides → Tie LOW", () => {
    const v = judgeHeuristically(input(MISSING_FACTS, MISSING_FACTS.replace("## Consoles", "## Handhelds")));
    expect(v).toMatchObject({ verdict: "[[Tie]]", tie_quality: "LOW" });
  });

  it("is deterministic and labels itself heuristic", async () => {
    const ex = createHeuristicExaminer();
    const r1 = await ex.judge(input(PERFECT, MISSING_FACTS), { seed: "s" });
    const r2 = await ex.judge(input(PERFECT, MISSING_FACTS), { seed: "s" });
    expect(r1.verdict).toEqual(r2.verdict);
    expect(r1.verdict?.reasoning).toMatch(/^Heuristic checklist matching/);
    expect(ex.mode).toBe("heuristic");
    expect(ex.model).toBeNull();
    expect(r1.calls).toHaveLength(1);
    expect(r1.calls[0]).toMatchObject({ kind: "judge", model: null, tokensIn: null, costUsd: null });
  });
});

describe("References do not count as stating an entity", () => {
  // Wrong entities in the body, but the cited URLs spell the right ones (…/TurboExpress, …/Sega_Nomad).
  const WRONG_BUT_CITED = `## Consoles
- The Game Gear launched on 1 December 1990 at $249.99 [1].
- The Atari Lynx uses 6 AA batteries lasting 2 to 3 hours [2].

## References
[1] ${SRC1}
[2] ${SRC2}`;

  it("an answer naming wrong entities while citing the targets' pages loses on DEEP", () => {
    const v = judgeHeuristically(input(PERFECT, WRONG_BUT_CITED, 1, 2));
    expect(v.verdict).toBe("[[A_MUCH_BETTER]]");
    expect(v.loser_failure_type).toBe("DEEP");
  });
});

describe("sim:weak in the demo world: only the body's words name an entity", () => {
  // The demo world's regions share words ("Lighthouses of the … Coast"); sim:weak named a made-up
  // entity for the first and the right one for the second, and cited the first's page in its facts.
  const WIALOGIST = "https://world.arena.test/demo/1-lighthouses/wialogist-coast/";
  const ZURIAR = "https://world.arena.test/demo/1-lighthouses/zuriar-coast/";
  const regions: ChecklistItem[] = [
    { item: "Lighthouses of the Wialogist Coast", detail: "capital Mousiby", sourceUrl: WIALOGIST, aliases: ["wialogist coast"] },
    { item: "Lighthouses of the Zuriar Coast", detail: "capital Boukrolwick", sourceUrl: ZURIAR, aliases: ["zuriar coast"] },
  ];
  const SIM_WEAK = `Based on the sources consulted, here is what the question asks for.

## Identified entities
- **Brantley Council**: this is the entity the question describes
- **Lighthouses of the Zuriar Coast** [1]

## Requested details
- **Entity 1: the date it gives for "Triweirkport and designed by Grabria Boubrast"**: 2103 [2]

## References
[1] ${ZURIAR}
[2] ${WIALOGIST}`;
  const judged = (answer: string) => scoreAnswer(answer, 2, { ...input(answer, ""), checklistDepth: regions, checklistWidth: [] });

  it("the wrong entity in the body and the right page's slug only in References: not found", () => {
    expect(judged(SIM_WEAK).depth.map((d) => d.found)).toEqual([false, true]);
    expect(judged(SIM_WEAK).d).toBe(0.5);
  });

  it("a slug inside the body's links or bare URLs is not the answer naming it either", () => {
    const linked = SIM_WEAK.replace("[2]", `([source](${WIALOGIST}), see ${WIALOGIST})`);
    expect(judged(linked).depth[0]!.found).toBe(false);
    // the link's text is the answer's words
    expect(judged(linked.replace("[source]", "[the Wialogist Coast]")).depth[0]!.found).toBe(true);
  });

  it("the words it shares with the other target do not name it; its own words do", () => {
    expect(entityFound("Lighthouses of the Zuriar Coast", regions[0]!, regions)).toBe(false);
    expect(entityFound("the lighthouses along the Wialogist coast", regions[0]!, regions)).toBe(true);
  });
});

describe("entity first", () => {
  const oneEntity = (answerA: string, answerB: string): JudgeInput => ({
    ...input(answerA, answerB),
    checklistDepth: [depth[0]!],
    checklistWidth: width.slice(0, 2),
  });

  it("probe: A names the right entity with no facts, B the wrong entity with every fact → A wins, B fails DEEP", () => {
    // before: hard score 1 + 0 against 0 + 1, a [[Tie]] LOW and a backtrack
    const right = "## Handheld\n- **TurboExpress**, NEC's portable PC Engine.";
    const wrong = "## Handheld\n- **Atari Lynx**: launched 1 December 1990 at $249.99.";
    const v = judgeHeuristically(oneEntity(right, wrong));
    expect(v).toMatchObject({ verdict: "[[A_BETTER]]", loser_failure_type: "DEEP" });
    expect(v.reasoning).toContain("B: entities 0/1, facts 2/2, 0 credited");
    expect(judgeHeuristically(oneEntity(wrong, right))).toMatchObject({ verdict: "[[B_BETTER]]", loser_failure_type: "DEEP" });
  });

  it("facts count only for the entity the answer identified: a fact of the missed entity's page does not", () => {
    // both name TurboExpress; B also gives the Nomad's facts while naming the Game Gear for it
    const a = "## Consoles\n- **TurboExpress**: 1 December 1990, $249.99.\n- The other one I could not find.";
    const b = `${a}\n- **Game Gear**: 6 AA batteries, 2 to 3 hours.`;
    const v = judgeHeuristically(input(a, b));
    expect(v.reasoning).toContain("B: entities 1/2, facts 4/4, 2 credited");
    expect(v).toMatchObject({ verdict: "[[Tie]]", tie_quality: "LOW" });
  });

  it("a wrong figure in a sentence naming the fact is an error, worse than leaving it out", () => {
    const wrongPrice = PERFECT.replace("at $249.99", "at $199.99");
    const noPrice = PERFECT.replace(" at $249.99", "");
    const oneFact = (a: string, b: string): JudgeInput => ({ ...input(a, b), checklistWidth: [{ ...width[0]!, item: "launch price" }] });
    expect(scoreAnswer(wrongPrice.replace("launched", "launch price"), 1, oneFact("", "")).errors).toBe(1);
    const v = judgeHeuristically(oneFact(noPrice, wrongPrice.replace("launched", "launch price")));
    expect(v).toMatchObject({ verdict: "[[A_BETTER]]", loser_failure_type: "WIDE" });
    expect(v.reasoning).toContain("1 wrong figure");
  });
});

describe("length is never rewarded", () => {
  const limit = (a: string, b: string): JudgeInput => ({ ...input(a, b), wordLimitInstruction: "Answer length: 40-60 words." });
  const padded = `${PERFECT.replace("## References", `${"This paragraph restates the context at length. ".repeat(5)}\n\n## References`)}`;

  it("a correct answer below the minimum ties the same answer padded into the range", () => {
    const v = judgeHeuristically(limit(PERFECT, padded));
    expect(v).toMatchObject({ verdict: "[[Tie]]", tie_quality: "HIGH" });
    expect(v.reasoning).not.toMatch(/within limit/);
  });

  it("only a length far outside the range costs a point: below half the minimum or above twice the maximum", () => {
    const tiny = "- **TurboExpress**: 1 December 1990, $249.99.\n- **Sega Nomad**: 6 AA, 2 to 3 hours.";
    expect(tiny.split(/\s+/).length).toBeLessThan(20);
    const v = judgeHeuristically(limit(tiny, tiny.replace("- **Sega", "- **Sega") + " ".concat("Context. ".repeat(8))));
    expect(v).toMatchObject({ verdict: "[[B_BETTER]]", loser_failure_type: "NONE" });
    expect(v.reasoning).toMatch(/−1: \d+ words, far outside 40-60/);
    const huge = `${PERFECT}\n\n${"More words. ".repeat(70)}`;
    expect(judgeHeuristically(limit(PERFECT, huge))).toMatchObject({ verdict: "[[A_BETTER]]" });
  });
});
