import { beforeAll, describe, expect, it } from "vitest";
import type { ChecklistItem } from "@arena/core";
import { judgeHeuristically, scoreAnswer, type JudgeInput } from "@arena/examiner";
import { worldStatements, type WorldStatement } from "./world-statements";

/**
 * The heuristic examiner's judge (packages/examiner/src/heuristic/judge.ts) where the truth is
 * known: the synthetic world's facts as the checklists it judges by (the entity as a depth item,
 * "Entity 1: <ask>" → value as a width item), and answers stating each fact in five wordings, true,
 * with the figure changed or with the subject (or a town it gives) changed — the statements
 * world-claims.test.ts checks claim matching on. heuristic-judge.test.ts has hand examples only.
 *
 * Per wording, at least 90 % of: true statements credited (entity identified, fact found, no wrong
 * figure); changed figures not found; changed names not credited; the true answer preferred over
 * each altered one in both seats; and in the label wordings a changed figure counted as a wrong
 * figure, so it loses to an answer that leaves the fact out (docs/method.md: a wrong figure is worse
 * than a gap).
 */
const BAR = 0.9;
const LABELS = ["label (Entity N)", "label (subject in label)", "parenthetical"];
const SENTENCES = ["sentence", "heading, then It/Its"];

function judgeInput(s: WorldStatement, answerA: string, answerB: string): JudgeInput {
  const depth: ChecklistItem[] = [
    { item: s.entity.name, detail: `Identified as ${s.entity.known.describe}`, sourceUrl: s.url, aliases: s.entity.known.aliases },
  ];
  const width: ChecklistItem[] = [{ item: `Entity 1: ${s.ask}`, detail: s.value, sourceUrl: s.url }];
  return {
    question: `Identify the entity and give ${s.ask}.`,
    wordLimitInstruction: "Answer length: 1-300 words.",
    checklistDepth: depth,
    checklistWidth: width,
    answerA,
    answerB,
    citationsA: 1,
    citationsB: 1,
  };
}

/** An answer naming the entity (as the tested one does, cited) without stating the fact. */
const withoutFact = (s: WorldStatement) => `## ${s.entity.name}\n\nThe sources describe it [1].\n\n## References\n[1] ${s.url}`;

interface Tally {
  n: number;
  right: number;
  wrong: string[];
}

const statements = worldStatements("judge-known-answers");
const tally = new Map<string, Tally>();
const count = (key: string, right: boolean, example: string) => {
  const t = tally.get(key) ?? { n: 0, right: 0, wrong: [] };
  t.n++;
  if (right) t.right++;
  else if (t.wrong.length < 2) t.wrong.push(example);
  tally.set(key, t);
};
const share = (key: string) => {
  const t = tally.get(key);
  expect(t, key).toBeDefined();
  expect(t!.n, key).toBeGreaterThan(50);
  return t!.right / t!.n;
};

/** Judges every statement once; the tests below read the tally. */
function tallyAll(): void {
  const sets = new Map<string, Partial<Record<WorldStatement["alteration"], WorldStatement>>>();
  for (const s of statements) {
    const score = scoreAnswer(s.answer, 1, judgeInput(s, s.answer, ""));
    const fact = score.width[0]!;
    const at = `${s.statement} (${s.ask} = ${s.value}; ${s.entity.name})`;
    if (s.alteration === "true") count(`credited · ${s.wording}`, score.d === 1 && fact.credited && score.errors === 0, at);
    if (s.alteration === "figure") {
      count(`figure not found · ${s.wording}`, !fact.found, at);
      count(`figure wrong · ${s.wording}`, fact.wrong, at);
    }
    if (s.alteration === "name") count(`name not credited · ${s.wording}`, !fact.credited, at);
    const set = `${s.entity.name}|${s.ask}|${s.wording}`;
    sets.set(set, { ...sets.get(set), [s.alteration]: s });
  }
  for (const set of sets.values()) {
    const t = set.true;
    if (!t) continue;
    for (const alteration of ["figure", "name"] as const) {
      const o = set[alteration];
      if (!o) continue;
      const asA = judgeHeuristically(judgeInput(t, t.answer, o.answer)).verdict;
      const asB = judgeHeuristically(judgeInput(t, o.answer, t.answer)).verdict;
      count(
        `true beats ${alteration} · ${t.wording}`,
        asA.startsWith("[[A_") && asB.startsWith("[[B_"),
        `${asA} ${asB}: ${t.statement} | ${o.statement}`,
      );
    }
    if (set.figure) {
      const v = judgeHeuristically(judgeInput(set.figure, set.figure.answer, withoutFact(set.figure))).verdict;
      count(`gap beats figure · ${set.figure.wording}`, v.startsWith("[[B_"), `${v}: ${set.figure.statement}`);
    }
  }
}

describe("the heuristic judge on the synthetic world's facts", () => {
  beforeAll(tallyAll, 120_000);

  it("covers every wording, true and altered (the tally printed for the record)", () => {
    const lines = [...tally]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([k, t]) =>
          `${k.padEnd(48)} ${String(t.right).padStart(4)}/${String(t.n).padEnd(4)} ${((100 * t.right) / t.n).toFixed(1)} %${t.wrong.length ? `\n    e.g. ${t.wrong.join("\n    e.g. ")}` : ""}`,
      );
    console.log(`heuristic judge, ${statements.length} statements:\n${lines.join("\n")}`);
    expect(tally.size).toBeGreaterThan(30);
  });

  for (const wording of [...LABELS, ...SENTENCES]) {
    it(`${wording}: true facts credited, changed figures not found, changed names not credited, the true answer preferred`, () => {
      expect(share(`credited · ${wording}`)).toBeGreaterThanOrEqual(BAR);
      expect(share(`figure not found · ${wording}`)).toBeGreaterThanOrEqual(BAR);
      expect(share(`name not credited · ${wording}`)).toBeGreaterThanOrEqual(BAR);
      expect(share(`true beats figure · ${wording}`)).toBeGreaterThanOrEqual(BAR);
      expect(share(`true beats name · ${wording}`)).toBeGreaterThanOrEqual(BAR);
    });
  }

  for (const wording of LABELS) {
    it(`${wording}: a changed figure is a wrong figure and loses to leaving the fact out`, () => {
      expect(share(`figure wrong · ${wording}`)).toBeGreaterThanOrEqual(BAR);
      expect(share(`gap beats figure · ${wording}`)).toBeGreaterThanOrEqual(BAR);
    });
  }

  // Known limitation, kept visible: a sentence names the fact only when it repeats ≥ 75 % of the
  // label's words, and prose drops "year" or "metres" ("Grisham Lighthouse was completed in 1866."
  // for "the year it was completed"), so a changed figure in prose is mostly a gap, not an error
  // (about a quarter flagged when this was written). This fails loudly once the judge catches them.
  for (const wording of SENTENCES) {
    it.fails(`${wording}: a changed figure is a wrong figure (not yet: prose rarely repeats the label's words)`, () => {
      expect(share(`figure wrong · ${wording}`)).toBeGreaterThanOrEqual(BAR);
    });
  }
});
