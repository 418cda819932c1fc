import { parseCitations as parseAnswerCitations, urlKey } from "@arena/core/citations";
import type { Scorer, ScoreRow, Side } from "../types";

/**
 * DR3-Eval citation coverage (dr3-eval.txt): |D_req ∩ D_cited| / |D_req|, with the round's source
 * pages (the tree nodes the question was built from) as D_req and the answer's References URLs
 * as D_cited, compared after URL normalisation. Deterministic, so the same in both modes.
 */
export function citationCoverage(required: string[], cited: string[]): { value: number; covered: string[] } | null {
  const req = [...new Set(required.map(urlKey))];
  if (req.length === 0) return null;
  const have = new Set(cited.map(urlKey));
  const covered = required.filter((u, i) => have.has(urlKey(u)) && required.findIndex((v) => urlKey(v) === urlKey(u)) === i);
  return { value: covered.length / req.length, covered };
}

export const coverageScorer: Scorer = {
  name: "coverage",
  offline: true,
  async score(task) {
    if (!task.sourceUrls) return [];
    const rows: ScoreRow[] = [];
    for (const side of ["A", "B"] as Side[]) {
      const answer = task.answers[side];
      if (answer === undefined) continue;
      const c = citationCoverage(task.sourceUrls, parseAnswerCitations(answer).urls);
      if (c) rows.push({ side, metric: "citation_coverage", value: c.value, details: { required: task.sourceUrls, covered: c.covered } });
    }
    return rows;
  },
};
