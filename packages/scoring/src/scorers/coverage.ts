import { parseCitations as parseAnswerCitations, urlKey } from "@arena/core/citations";
import type { Scorer, ScoreRow, ScoringTask, Side } from "../types";
import { SCORER_INFO } from "../descriptors";

/**
 * DR3-Eval citation coverage (dr3-eval.txt, Eq. 3): |D_req ∩ D_cited| / |D_req|, the answer's
 * References URLs as D_cited, compared after URL normalisation. D_req is "strictly necessary for
 * the query": the pages the grading key's entities and facts come from. The hub pages of the
 * reasoning chain, which the question hides and only describes, are not evidence the answer
 * needs and stay out (a round without a key falls back to all its source pages). Deterministic,
 * so the same in both modes.
 */
export function requiredPages(task: Pick<ScoringTask, "checklistDepth" | "checklistWidth" | "sourceUrls">): string[] {
  const keyed = [...(task.checklistDepth ?? []), ...(task.checklistWidth ?? [])].map((i) => i.sourceUrl).filter(Boolean);
  return keyed.length > 0 ? [...new Set(keyed)] : (task.sourceUrls ?? []);
}

export function citationCoverage(required: string[], cited: string[]): { value: number; covered: string[] } | null {
  const req = [...new Set(required.map(urlKey))];
  if (req.length === 0) return null;
  const have = new Set(cited.map(urlKey));
  const covered = required.filter((u, i) => have.has(urlKey(u)) && required.findIndex((v) => urlKey(v) === urlKey(u)) === i);
  return { value: covered.length / req.length, covered };
}

export const coverageScorer: Scorer = {
  name: "coverage",
  ...SCORER_INFO.coverage,
  async score(task) {
    const required = requiredPages(task);
    const rows: ScoreRow[] = [];
    for (const side of ["A", "B"] as Side[]) {
      const answer = task.answers[side];
      if (answer === undefined) continue;
      const c = citationCoverage(required, parseAnswerCitations(answer).urls);
      if (c) rows.push({ side, metric: "citation_coverage", value: c.value, details: { required, covered: c.covered } });
    }
    return rows;
  },
};
