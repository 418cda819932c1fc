import { describe, expect, it } from "vitest";
import type { ChecklistItem } from "@arena/core";
import {
  citationCoverage,
  requiredPages,
  inteScore,
  judgeCitations,
  listParts,
  MAX_PAIRS,
  offlineClaimScores,
  raceShares,
  scoreTask,
  reportJson,
  type PageSource,
  type RaceCriteria,
  type RaceJudged,
} from "../src/index";
import { parseCitations } from "@arena/core/citations";
import { generateWorld } from "@arena/trees/world";

const PAGES: Record<string, string> = {
  "https://a.example/bridge": "The Golden Gate Bridge opened in 1932. Its main span is 1,149 metres long and it is painted orange.",
  "https://b.example/river": "The river is 200 km long and flows into the bay.",
};
export const pages: PageSource = async (url) => PAGES[url] ?? null;

const ANSWER = [
  "# The bridge",
  "",
  "The bridge opened in 1932 [1]. Its main span is 1,150 metres long [1]. The river is 350 km long [2]. The tower is 134 m tall [3].",
  "The bridge opened in 1932 [1].",
  "",
  "## References",
  "1. https://a.example/bridge",
  "2. https://b.example/river",
  "3. https://c.example/missing",
].join("\n");

describe("FACT citation support (offline)", () => {
  it("extracts deduplicated (statement, URL) pairs from inline markers and the References list", () => {
    const c = parseCitations(ANSWER);
    expect(c.count).toBe(3);
    expect(c.urls).toEqual(["https://a.example/bridge", "https://b.example/river", "https://c.example/missing"]);
    expect(c.pairs.map((p) => [p.statement, p.n])).toEqual([
      ["The bridge opened in 1932.", 1],
      ["Its main span is 1,150 metres long.", 1],
      ["The river is 350 km long.", 2],
      ["The tower is 134 m tall.", 3],
    ]);
  });

  it("reads a hostile answer linearly: a run of 100,000 spaces inside a cited sentence is one statement", () => {
    const c = parseCitations(`It opened${" ".repeat(100_000)}in 1932 [1].\n\n## References\n1. https://a.example/bridge`);
    expect(c.pairs.map((p) => p.statement)).toEqual(["It opened in 1932."]);
  });

  it("counts supported, unsupported and unknown by hand: accuracy 2/3, effective 2", async () => {
    const s = await judgeCitations(ANSWER, pages, null);
    expect(s.pairs.map((p) => p.support)).toEqual(["supported", "supported", "unsupported", "unknown"]);
    expect(s).toMatchObject({ supported: 2, unsupported: 1, unknown: 1, effective: 2 });
    expect(s.accuracy).toBeCloseTo(2 / 3, 12);
  });

  it("judges at most MAX_PAIRS statements of an answer and says how many it left", async () => {
    const body = Array.from({ length: MAX_PAIRS + 50 }, (_, i) => `The bridge opened in 1932 and fact ${i} holds [1].`).join(" ");
    const s = await judgeCitations(`${body}\n\n## References\n1. https://a.example/bridge`, pages, null);
    expect(s.pairs).toHaveLength(MAX_PAIRS);
    expect(s.truncated).toBe(50);
  });

  it("an unfetchable page is never support, stays out of the denominator and is counted", async () => {
    const s = await judgeCitations("It is 9 m tall [1].\n\n## References\n1. https://c.example/missing", pages, null);
    expect(s).toMatchObject({ supported: 0, unsupported: 0, unknown: 1, accuracy: null, effective: 0 });
  });

  it("an answer without citations scores accuracy 0 (FACT averages it in; it used to be skipped)", async () => {
    expect(await judgeCitations("The bridge opened in 1932.", pages, null)).toMatchObject({ count: 0, accuracy: 0, effective: 0 });
    // a References list without one inline marker cites no statement either
    expect(await judgeCitations("The bridge opened in 1932.\n\n## References\n1. https://a.example/bridge", pages, null)).toMatchObject({
      accuracy: 0,
    });
  });

  it("the same fact cited to the same page twice counts once, whatever its case, punctuation or URL spelling", async () => {
    const twice =
      "The bridge opened in 1932 [1]. THE BRIDGE OPENED IN 1932! [2]\n\n## References\n1. https://a.example/bridge\n2. https://www.a.example/bridge/";
    const s = await judgeCitations(twice, pages, null);
    expect(s.pairs).toHaveLength(1);
    expect(s).toMatchObject({ supported: 1, effective: 1, accuracy: 1 });
  });

  it("'Its …' refers to the heading's subject, or to the statement before when it cites the same source", async () => {
    const support = async (answer: string) =>
      (await judgeCitations(`${answer}\n\n## References\n1. https://a.example/bridge\n2. https://b.example/river`, pages, null)).pairs.map(
        (p) => p.support,
      );
    expect(await support("## The Golden Gate Bridge\n\nIts main span is 1,149 metres long [1].")).toEqual(["supported"]);
    expect(await support("## The Humber Bridge\n\nIts main span is 1,149 metres long [1].")).toEqual(["unsupported"]);
    expect(await support("The Humber Bridge opened in 1981 [1]. Its main span is 1,149 m long [1].")).toEqual([
      "unsupported",
      "unsupported",
    ]);
    // a page's sentence pasted after another source's statement does not inherit that subject
    expect(await support("The river is 200 km long [2]. Its main span is 1,149 metres long and it is painted orange [1].")).toEqual([
      "supported",
      "supported",
    ]);
  });

  it("probe: a figure elsewhere on the page is not support; the number must sit with the statement's words", async () => {
    const page =
      "The Sega Game Gear launched in 1991 at $149.99. It ran on six AA batteries. Many years later, collectors paid $249.99 for boxed units of other consoles.";
    const cited = async () => page;
    const s = await judgeCitations("The Game Gear launched at $249.99 [1].\n\n## References\n1. https://g.example/gg", cited, null);
    expect(s.pairs.map((p) => p.support)).toEqual(["unsupported"]);
    const right = await judgeCitations("The Game Gear launched at $149.99 [1].\n\n## References\n1. https://g.example/gg", cited, null);
    expect(right.pairs.map((p) => p.support)).toEqual(["supported"]);
  });
});

describe("citation support: the demo world's probe", () => {
  // the demo world's Wialogist Coast page: "… it covers 6352 square kilometres. The Wialogist Coast has 6 lighthouses."
  const world = generateWorld({ seed: "demo", hubs: 1, entities: 12 });
  const region = world.trees[0]!.tree.children.find((n) => n.title?.endsWith("Wialogist Coast"))!;
  const page = [region.title, region.description, region.content].join("\n");
  const cite = (lines: string[]) => judgeCitations(`${lines.join("\n")}\n\n## References\n[1] ${region.url}`, async () => page, null);
  const verdicts = (s: Awaited<ReturnType<typeof cite>>) => s.pairs.map((p) => [p.statement, p.contradicted ? "contradicted" : p.support]);

  it("a simulated agent's true lines are supported (the label lines and 'Its area' were unsupported)", async () => {
    const s = await cite([
      "## Identified entities",
      "- **Wialogist Coast** [1]",
      "## Requested details",
      "- **Entity 1: how many lighthouses it has**: 6 [1]",
      "- **Entity 1: its area in square kilometres**: 6,352 [1]",
      "Its area is 6352 square kilometres [1]. Its capital is Mousiby [1]. The Wialogist Coast covers 6 352 km² and has six lighthouses [1].",
    ]);
    expect(verdicts(s)).toEqual([
      ["**Wialogist Coast**", "supported"],
      ["**Entity 1: how many lighthouses it has**: 6", "supported"],
      ["**Entity 1: its area in square kilometres**: 6,352", "supported"],
      ["Its area is 6352 square kilometres.", "supported"],
      ["Its capital is Mousiby.", "supported"],
      ["The Wialogist Coast covers 6 352 km² and has six lighthouses.", "supported"],
    ]);
    expect(s).toMatchObject({ supported: 6, unsupported: 0, contradicted: 0, accuracy: 1 });
  });

  it("changed figures are contradicted, another coast's name unsupported, and both count as unsupported", async () => {
    const s = await cite([
      "- **Wialogist Coast** [1]",
      "- **Entity 1: how many lighthouses it has**: 9 [1]",
      "The Wialogist Coast covers 7,100 km² [1].",
      "The Zuriar Coast has 6 lighthouses [1].",
    ]);
    expect(verdicts(s)).toEqual([
      ["**Wialogist Coast**", "supported"],
      ["**Entity 1: how many lighthouses it has**: 9", "contradicted"],
      ["The Wialogist Coast covers 7,100 km².", "contradicted"],
      ["The Zuriar Coast has 6 lighthouses.", "unsupported"],
    ]);
    expect(s).toMatchObject({ supported: 1, unsupported: 3, contradicted: 2, accuracy: 0.25 });
  });
});

const DEPTH: ChecklistItem[] = [
  { item: "Marie Curie", detail: "the physicist", sourceUrl: "https://x.example/curie", aliases: ["Maria Skłodowska"] },
];
const WIDTH: ChecklistItem[] = [
  { item: "Nobel prize years", detail: "1903 and 1911", sourceUrl: "https://x.example/curie" },
  { item: "radium atomic weight", detail: "226.0", sourceUrl: "https://x.example/radium" },
  { item: "cities she worked in", detail: "Paris, Warsaw and Lyon", sourceUrl: "https://x.example/cities" },
];
const CLAIMS_ANSWER = [
  "Maria Skłodowska was a physicist.",
  "She won Nobel prizes in 1903 and 1911.",
  "Radium has an atomic weight of about 226.5.",
  "She worked in Paris and Warsaw.",
  "She liked long walks.",
].join(" ");

describe("claim precision / recall (offline)", () => {
  it("splits list details into subclaims, but not numbers with thousands separators or dates", () => {
    expect(listParts("Paris, Warsaw and Lyon")).toEqual(["Paris", "Warsaw", "Lyon"]);
    expect(listParts("1,250 and 3,400")).toEqual(["1,250", "3,400"]);
    expect(listParts("March 5, 2001")).toEqual(["March 5, 2001"]);
  });

  it("one claim (the entity) with its facts as subclaims: the hand-computed P, R, F1", () => {
    // Curie is the claim; its six subclaims are 1903, 1911, 226.0, Paris, Warsaw, Lyon (all
    // from pages of the one target). Right: five (226.5 is within 1 % of 226.0; Lyon missing),
    // wrong: none. |A| = |A*| = 1. The context sentence "She liked long walks." is no claim.
    const s = offlineClaimScores(CLAIMS_ANSWER, DEPTH, WIDTH);
    expect(s.predicted).toBe(1);
    expect(s.matches.map((m) => [m.claimRight, m.right, m.wrong])).toEqual([[true, 5, 0]]);
    expect(s.precision).toBeCloseTo(1, 12);
    expect(s.recall).toBeCloseTo(5 / 6, 12);
    expect(s.f1).toBeCloseTo(10 / 11, 12);
    expect(s.strictPrecision).toBeCloseTo(1, 12);
    expect(s.strictRecall).toBeCloseTo(5 / 6, 12);
    expect(s.infoRecall).toBeCloseTo(3 / 4, 12);
  });

  it("a number off by more than 1 % does not match", () => {
    const s = offlineClaimScores("Radium has an atomic weight of about 229.", [], [WIDTH[1]!]);
    expect(s.recall).toBe(0);
  });
});

describe("LiveDRBench Eq. 1: the paper's worked example (§3.2, a material and its source document)", () => {
  const MATERIAL = "https://m.example/lfp";
  const depth: ChecklistItem[] = [
    { item: "lithium iron phosphate", detail: "the olivine cathode", sourceUrl: MATERIAL, aliases: ["LiFePO4"] },
  ];
  const width: ChecklistItem[] = [
    { item: "source paper", detail: "Phospho-olivines as Positive-Electrode Materials", sourceUrl: MATERIAL },
  ];
  const score = (answer: string) => offlineClaimScores(answer, depth, width);

  it("right material and right source document: 1", () => {
    expect(score("The material is LiFePO4, reported in Phospho-olivines as Positive-Electrode Materials.")).toMatchObject({
      precision: 1,
      recall: 1,
      f1: 1,
      strictF1: 1,
    });
  });

  it("the wrong material scores zero irrespective of the correctness of its source document", () => {
    expect(score("The material is lithium cobalt oxide, reported in Phospho-olivines as Positive-Electrode Materials.")).toMatchObject({
      precision: 0,
      recall: 0,
      f1: 0,
    });
  });

  it("the right material whose source document is wrong or missing scores zero too (all subclaims incorrect)", () => {
    expect(score("The material is LiFePO4, reported in Lithium batteries for phones.")).toMatchObject({ precision: 0, recall: 0, f1: 0 });
  });
});

describe("claims: the issue's probes", () => {
  const A = "https://x.example/a";
  const B = "https://x.example/b";
  const depth: ChecklistItem[] = [
    { item: "Sega Nomad", detail: "", sourceUrl: A },
    { item: "TurboExpress", detail: "", sourceUrl: B },
  ];
  const width: ChecklistItem[] = [
    { item: "Nomad batteries", detail: "6 AA", sourceUrl: A },
    { item: "Nomad battery life", detail: "2 to 3 hours", sourceUrl: A },
    { item: "TurboExpress price", detail: "$249.99", sourceUrl: B },
    { item: "TurboExpress release", detail: "December 1, 1990", sourceUrl: B },
  ];
  const RIGHT = "The Sega Nomad ran on six AA batteries for 2-3 hours. The TurboExpress launched on 1 December 1990 at $249.99.";

  it("a fully right answer with three context sentences keeps precision 1 (was 0.5: sentences counted as claims)", () => {
    const s = offlineClaimScores(`${RIGHT} Handhelds were popular then. Both used backlit screens. Neither sold well.`, depth, width);
    expect(s).toMatchObject({ precision: 1, recall: 1, f1: 1, strictF1: 1 });
  });

  it("a wrong entity with its facts scores 0 for that claim (was recall 0.67: entity and facts separate claims)", () => {
    const s = offlineClaimScores(RIGHT.replace("The TurboExpress", "The Atari Lynx"), depth, width);
    expect(s.matches.map((m) => m.recall)).toEqual([1, 0]);
    expect(s.recall).toBeCloseTo(0.5, 12);
    expect(s.precision).toBeCloseTo(0.5, 12);
    // strict: the minimum over the claims, 0 as soon as one is wrong
    expect(s).toMatchObject({ strictPrecision: 0, strictRecall: 0, strictF1: 0 });
  });

  it("strict is the minimum over claims, standard the mean: one claim with half its facts", () => {
    const s = offlineClaimScores(RIGHT.replace(" at $249.99", ""), depth, width);
    expect(s.recall).toBeCloseTo((1 + 0.5) / 2, 12);
    expect(s.strictRecall).toBeCloseTo(0.5, 12);
    expect(s.strictPrecision).toBe(1);
    expect(s.strictF1).toBeCloseTo(2 / 3, 12);
  });

  it("a wrong figure is a wrong subclaim: precision falls, recall counts what is right", () => {
    const s = offlineClaimScores(`${RIGHT.replace("$249.99", "$199.99")} The TurboExpress price was $199.99.`, depth, width);
    expect(s.matches[1]).toMatchObject({ claimRight: true, right: 1, wrong: 1 });
    expect(s.precision).toBeCloseTo((1 + 0.5) / 2, 12);
    expect(s.recall).toBeCloseTo((1 + 0.5) / 2, 12);
  });

  it("offline matching reads number words, ranges and scale words", () => {
    const one = (detail: string, answer: string) => offlineClaimScores(answer, [], [{ item: "x", detail, sourceUrl: A }]).recall;
    expect(one("4 AA", "It takes four AA cells.")).toBe(1);
    expect(one("3-5 hours", "It lasts 3 to 5 hours.")).toBe(1);
    expect(one("3 to 5 hours", "It lasts 3–5 hours.")).toBe(1);
    expect(one("1,200,000 units", "It sold 1.2 million units.")).toBe(1);
    expect(one("4 AA", "It takes five AA cells.")).toBe(0);
  });
});

describe("RACE arithmetic", () => {
  const criteria: RaceCriteria = {
    weights: { comprehensiveness: 0.4, insight: 0.3, instruction_following: 0.2, readability: 0.1 },
    criteria: {
      comprehensiveness: [
        { criterion: "c1", explanation: "", weight: 0.5 },
        { criterion: "c2", explanation: "", weight: 0.5 },
      ],
      insight: [{ criterion: "i1", explanation: "", weight: 1 }],
      instruction_following: [
        { criterion: "f1", explanation: "", weight: 0.6 },
        { criterion: "f2", explanation: "", weight: 0.4 },
      ],
      readability: [{ criterion: "r1", explanation: "", weight: 1 }],
    },
  };
  const judged: RaceJudged = {
    comprehensiveness: [
      { a: 8, b: 6 },
      { a: 6, b: 6 },
    ],
    insight: [{ a: 5, b: 9 }],
    instruction_following: [
      { a: 10, b: 5 },
      { a: 5, b: 10 },
    ],
    readability: [{ a: 7, b: 7 }],
  };

  it("S_d, S_int and the share on a fixed judged table", () => {
    const r = raceShares(criteria, judged);
    expect(r.A.dims).toEqual({ comprehensiveness: 7, insight: 5, instruction_following: 8, readability: 7 });
    expect(r.A.total).toBeCloseTo(6.6, 12);
    expect(r.B.total).toBeCloseTo(7.2, 12);
    expect(r.shareA).toBeCloseTo(6.6 / 13.8, 12);
    expect(r.shareA + r.shareB).toBeCloseTo(1, 12);
  });

  it("normalises weights that do not sum to 1", () => {
    const scaled = { ...criteria, weights: { comprehensiveness: 2, insight: 1.5, instruction_following: 1, readability: 0.5 } };
    expect(raceShares(scaled, judged).shareA).toBeCloseTo(6.6 / 13.8, 12);
  });
});

describe("InteScore (dr-bench constants)", () => {
  it("Quality × (1 − SDrift) × TBoost × 100 recomputed by hand", () => {
    const p = inteScore(
      { qsr: [1, 0.5, 0], qsrFull: 1, grr: [1, 1, 0, 1, 1], grrFull: 1 },
      {
        tsl: ["https://a.example/p1", "https://a.example/p2", "https://b.example/q"],
        cited: ["https://a.example/p1", "https://www.a.example/other", "https://c.example/z"],
      },
    );
    expect(p.quality).toBeCloseTo(0.5 * 0.5 + 0.5 * 0.8, 12);
    expect(p.rateFull).toBeCloseTo(1 / 3, 12);
    expect(p.rateHost).toBeCloseTo((2 - 1) / (3 + 1), 12);
    expect(p.tboost).toBeCloseTo(1 + 0.2 * (0.7 / 3 + 0.3 * 0.25), 12);
    expect(p.semanticDrift).toBe(0);
    expect(p.intescore).toBeCloseTo(0.65 * (1 + 0.2 * (0.7 / 3 + 0.3 * 0.25)) * 100, 10);
  });
});

describe("DR3-Eval citation coverage", () => {
  it("|D_req ∩ D_cited| / |D_req| after URL normalisation", () => {
    const c = citationCoverage(
      ["https://a.example/p1/", "https://a.example/p2", "http://www.b.example/q"],
      ["https://b.example/q", "https://a.example/p1"],
    );
    expect(c?.value).toBeCloseTo(2 / 3, 12);
    expect(citationCoverage([], ["https://a.example"])).toBeNull();
  });

  it("D_req is the pages the key's entities and facts come from, not the hidden hub pages of the chain", () => {
    const HUB = "https://h.example/overview";
    const task = {
      checklistDepth: DEPTH,
      checklistWidth: WIDTH,
      sourceUrls: [HUB, "https://x.example/curie", "https://x.example/radium", "https://x.example/cities"],
    };
    expect(requiredPages(task)).toEqual(["https://x.example/curie", "https://x.example/radium", "https://x.example/cities"]);
    // citing the three evidence pages covers D_req fully; the hub it did not cite is not missing
    expect(
      citationCoverage(requiredPages(task), ["https://x.example/curie", "https://x.example/radium", "https://x.example/cities"])?.value,
    ).toBe(1);
    // without a key, every source page is required
    expect(requiredPages({ checklistDepth: null, checklistWidth: null, sourceUrls: [HUB] })).toEqual([HUB]);
  });
});

describe("a whole report offline", () => {
  it("fills what its inputs allow and leaves RACE null (no offline mode, one answer)", async () => {
    const task = {
      question: "q",
      wordLimitInstruction: null,
      checklistDepth: DEPTH,
      checklistWidth: WIDTH,
      sourceUrls: ["https://x.example/curie"],
      answers: { A: CLAIMS_ANSWER },
    };
    const json = reportJson("offline", await scoreTask(task, { mode: "offline", pages }));
    expect(json.race).toBeNull();
    // Eq. 1 (see "one claim (the entity) with its facts as subclaims"): P = 1, R = 5/6
    expect(json.claims?.f1).toBeCloseTo(10 / 11, 12);
    // no citation: accuracy 0, counted (FACT)
    expect(json.citations).toMatchObject({ count: 0, supported: 0, accuracy: 0, effective: 0 });
    expect(json.intescore?.value).toBeGreaterThan(0);
    expect(json.dr3.citation_coverage).toBe(0);
  });
});
