import { describe, expect, it } from "vitest";
import { splitReferences, type ChecklistItem } from "@arena/core";
import { claimCoverage, groundClaims, offlineClaimScores, SCORER_INFO, SCORERS } from "../src/index";
import { worldStatements, type Alteration, type WorldStatement } from "./world-statements";

/**
 * Claim matching where the truth is known: the synthetic world's facts as checklist items (the
 * entity as a depth item with its aliases, "Entity 1: <ask>" → value as a width item, as the
 * heuristic examiner writes them), and answers stating them in several wordings. A true statement
 * must be found (the entity identified and the fact's value matched); a changed figure must not
 * match the fact, a changed name must not identify the entity. At least 90 % of each.
 */
const BAR = 0.9;

function checklists(s: WorldStatement): { depth: ChecklistItem[]; width: ChecklistItem[] } {
  return {
    depth: [{ item: s.entity.name, detail: `Identified as ${s.entity.known.describe}`, sourceUrl: s.url, aliases: s.entity.known.aliases }],
    width: [{ item: `Entity 1: ${s.ask}`, detail: s.value, sourceUrl: s.url }],
  };
}

/** What claim matching finds in the answer: the entity (depth claim) and the fact (width claim, as info recall reads it). */
function found(s: WorldStatement): { entity: boolean; fact: boolean; f1: number } {
  const { depth, width } = checklists(s);
  const [entityClaim, factClaim] = groundClaims(depth, width);
  const scores = offlineClaimScores(s.answer, depth, width);
  // as information recall reads an answer: its body, References aside
  const { body } = splitReferences(s.answer);
  return { entity: claimCoverage(body, entityClaim!).full, fact: claimCoverage(body, factClaim!).full, f1: scores.f1 };
}

const right: Record<Alteration, (f: ReturnType<typeof found>) => boolean> = {
  true: (f) => f.entity && f.fact && f.f1 === 1,
  figure: (f) => !f.fact && f.f1 < 1,
  name: (f) => (f.fact ? !f.entity : true) && f.f1 < 1,
};

describe("claim matching on the synthetic world's facts (offline)", () => {
  it("finds ≥ 90 % of true facts and rejects ≥ 90 % of changed figures and names, in every wording", { timeout: 120_000 }, () => {
    const statements = worldStatements("claims-known-answers");
    const tally = new Map<string, { n: number; right: number; wrong: string[] }>();
    for (const s of statements) {
      const f = found(s);
      for (const key of [s.alteration, `${s.alteration} · ${s.wording}`]) {
        const t = tally.get(key) ?? { n: 0, right: 0, wrong: [] };
        t.n++;
        if (right[s.alteration](f)) t.right++;
        else if (t.wrong.length < 3)
          t.wrong.push(`${JSON.stringify(f)}: ${s.statement} (fact: ${s.ask} = ${s.value}; entity ${s.entity.name})`);
        tally.set(key, t);
      }
    }
    const lines = [...tally]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([k, t]) =>
          `${k.padEnd(40)} ${String(t.right).padStart(4)}/${String(t.n).padEnd(4)} ${((100 * t.right) / t.n).toFixed(1)} %${t.wrong.length ? `\n    e.g. ${t.wrong.join("\n    e.g. ")}` : ""}`,
      );
    console.log(`claim matching, ${statements.length} statements:\n${lines.join("\n")}`);
    for (const a of ["true", "figure", "name"] as const) {
      const t = tally.get(a)!;
      expect(t.right / t.n, a).toBeGreaterThanOrEqual(BAR);
    }
  });
});

describe("scorer descriptors", () => {
  it("only the scorers validated on known answers say so", () => {
    expect(SCORERS.filter((s) => s.knownAnswerTested).map((s) => s.name)).toEqual(["citations", "claims"]);
  });

  it("the claims descriptor names this file as the known-answer test of its metrics", () => {
    expect(SCORER_INFO.claims).toMatchObject({
      knownAnswerTested: true,
      knownAnswerTest: "test/world-claims.test.ts",
      metrics: ["claim_f1", "claim_precision", "claim_recall", "claim_strict_f1", "info_recall"],
    });
  });
});
