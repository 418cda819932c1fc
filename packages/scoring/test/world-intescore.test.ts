import { describe, expect, it } from "vitest";
import type { ChecklistItem } from "@arena/core";
import { inteScoreScorer } from "../src/scorers/intescore";
import type { ScoringTask } from "../src/types";
import { worldStatements, type WorldStatement } from "./world-statements";

/**
 * Offline InteScore where the truth is known: the synthetic world's facts as the round's key and
 * answers stating one fact true, with its figure changed or with its subject (or a town) changed,
 * in five wordings (world-statements.ts). The answers differ only in the statement, so their form
 * rubrics and cited sources are the same and the query-specific rubrics decide: per wording, in at
 * least 90 % of the sets the true answer scores higher than each altered one (known-answers.test.ts
 * checks the formula on a hand-computed table; this checks what it rewards).
 */
const BAR = 0.9;

function task(s: WorldStatement, answerA: string, answerB: string): ScoringTask {
  const depth: ChecklistItem[] = [
    { item: s.entity.name, detail: `Identified as ${s.entity.known.describe}`, sourceUrl: s.url, aliases: s.entity.known.aliases },
  ];
  const width: ChecklistItem[] = [{ item: `Entity 1: ${s.ask}`, detail: s.value, sourceUrl: s.url }];
  return {
    question: `Identify the entity and give ${s.ask}.`,
    wordLimitInstruction: "Answer length: 1-300 words.",
    checklistDepth: depth,
    checklistWidth: width,
    sourceUrls: [s.url],
    answers: { A: answerA, B: answerB },
  };
}

const noPages = async () => null;

describe("offline InteScore on the synthetic world's facts", () => {
  it("scores the true statement above the changed figure and the changed name, in every wording", { timeout: 120_000 }, async () => {
    const sets = new Map<string, Partial<Record<WorldStatement["alteration"], WorldStatement>>>();
    for (const s of worldStatements("intescore-known-answers")) {
      const key = `${s.entity.name}|${s.ask}|${s.wording}`;
      sets.set(key, { ...sets.get(key), [s.alteration]: s });
    }
    const tally = new Map<string, { n: number; right: number; wrong: string[] }>();
    for (const set of sets.values()) {
      const t = set.true;
      if (!t) continue;
      for (const alteration of ["figure", "name"] as const) {
        const o = set[alteration];
        if (!o) continue;
        const rows = await inteScoreScorer.score(task(t, t.answer, o.answer), { mode: "offline", pages: noPages, stored: [] });
        const value = (side: "A" | "B") => rows.find((r) => r.side === side)!.value;
        const key = `${alteration} · ${t.wording}`;
        const c = tally.get(key) ?? { n: 0, right: 0, wrong: [] };
        c.n++;
        if (value("A") > value("B")) c.right++;
        else if (c.wrong.length < 2) c.wrong.push(`${value("A").toFixed(1)} vs ${value("B").toFixed(1)}: ${t.statement} | ${o.statement}`);
        tally.set(key, c);
      }
    }
    console.log(
      [...tally]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, c]) => `${k.padEnd(40)} ${c.right}/${c.n}${c.wrong.length ? `\n    e.g. ${c.wrong.join("\n    e.g. ")}` : ""}`)
        .join("\n"),
    );
    expect(tally.size).toBe(10);
    for (const [key, c] of tally) {
      expect(c.n, key).toBeGreaterThan(50);
      expect(c.right / c.n, key).toBeGreaterThanOrEqual(BAR);
    }
  });
});
