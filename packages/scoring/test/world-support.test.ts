import { describe, expect, it } from "vitest";
import { judgeCitations, SCORER_INFO } from "../src/index";
import { worldStatements, type Alteration, type WorldStatement } from "./world-statements";

/**
 * Citation support where the truth is known: statements from the synthetic world's facts, in
 * several wordings, true and altered, each cited to the page the fact comes from. The offline
 * checker must get at least 90 % of each kind right: true → supported; figure changed →
 * contradicted or unsupported; name changed → unsupported (never contradicted: the page says
 * nothing about that name).
 */
const BAR = 0.9;

async function verdictOf(s: WorldStatement) {
  const judged = await judgeCitations(s.answer, async (url) => (url === s.url ? s.page : null), null);
  const pair = judged.pairs.find(
    (p) =>
      p.url === s.url &&
      p.statement.replace(/[*\s]/g, "") === s.statement.replace(/[*.\s]/g, "").concat(s.statement.endsWith(".") ? "." : ""),
  );
  return pair ? (pair.contradicted ? "contradicted" : pair.support) : "missing";
}

const right: Record<Alteration, (v: string) => boolean> = {
  true: (v) => v === "supported",
  figure: (v) => v === "contradicted" || v === "unsupported",
  name: (v) => v === "unsupported",
};

describe("citation support on the synthetic world's facts (offline)", () => {
  it("gets ≥ 90 % of true, figure-changed and name-changed statements right, in every wording", { timeout: 120_000 }, async () => {
    const statements = worldStatements("cite-known-answers");
    const tally = new Map<string, { n: number; right: number; contradicted: number; wrong: string[] }>();
    for (const s of statements) {
      const v = await verdictOf(s);
      for (const key of [s.alteration, `${s.alteration} · ${s.wording}`]) {
        const t = tally.get(key) ?? { n: 0, right: 0, contradicted: 0, wrong: [] };
        t.n++;
        if (right[s.alteration](v)) t.right++;
        else if (t.wrong.length < 3) t.wrong.push(`${v}: ${s.statement} (page: ${s.url})`);
        if (v === "contradicted") t.contradicted++;
        tally.set(key, t);
      }
    }
    const lines = [...tally]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([k, t]) =>
          `${k.padEnd(40)} ${String(t.right).padStart(4)}/${String(t.n).padEnd(4)} ${((100 * t.right) / t.n).toFixed(1)} %  contradicted ${t.contradicted}${t.wrong.length ? `\n    e.g. ${t.wrong.join("\n    e.g. ")}` : ""}`,
      );
    console.log(`citation support, ${statements.length} statements:\n${lines.join("\n")}`);
    expect(statements.length).toBeGreaterThan(600);
    for (const a of ["true", "figure", "name"] as const) {
      const t = tally.get(a)!;
      expect(t.right / t.n, a).toBeGreaterThanOrEqual(BAR);
    }
  });
});

describe("the citations descriptor", () => {
  it("names this file as the known-answer test of its metrics", () => {
    expect(SCORER_INFO.citations).toMatchObject({
      knownAnswerTested: true,
      knownAnswerTest: "test/world-support.test.ts",
      metrics: ["citation_effective", "citation_accuracy"],
    });
  });
});
