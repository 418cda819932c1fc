import type { ChecklistItem } from "@arena/core";
import { z } from "zod";
import type { Judge } from "./llm";
import type { PageSource } from "./pages";
import { SCORERS } from "./registry";
import type { ScoreMode, ScoreRow, ScoringTask, Side } from "./types";

export interface ScoringDeps {
  mode: ScoreMode;
  /** Required in `llm` mode. */
  judge?: Judge | null;
  pages: PageSource;
}

/**
 * Runs every scorer on one task. Scorers run one after another so a judge outage stops the task
 * at the first scorer that needs the judge (JudgeUnavailableError propagates); rows computed
 * before it are returned only on success, and the caller stores them all at once.
 */
export async function scoreTask(task: ScoringTask, deps: ScoringDeps, stored: ScoreRow[] = []): Promise<ScoreRow[]> {
  if (deps.mode === "llm" && !deps.judge)
    throw new Error("llm scoring needs a judge model (ARENA_SCORING_BASE_URL and ARENA_SCORING_MODEL, or the examiner's)");
  const ctx = { mode: deps.mode, pages: deps.pages, stored, ...(deps.judge ? { judge: deps.judge } : {}) };
  const rows: ScoreRow[] = [];
  for (const scorer of SCORERS) {
    if (deps.mode === "offline" && !scorer.offline) continue;
    rows.push(...(await scorer.score(task, ctx)));
  }
  return rows;
}

/** A checklist file: `{"checklist_depth": [...], "checklist_width": [...]}`, items strings or examiner items. */
const itemSchema = z.union([
  z
    .string()
    .min(1)
    .transform((s): ChecklistItem => ({ item: s, detail: s, sourceUrl: "" })),
  z
    .object({
      item: z.string(),
      detail: z.string().default(""),
      sourceUrl: z.string().default(""),
      aliases: z.array(z.string()).optional(),
    })
    .transform((o): ChecklistItem => ({ ...o, detail: o.detail || o.item })),
]);
export const checklistFileSchema = z.object({
  checklist_depth: z.array(itemSchema).default([]),
  checklist_width: z.array(itemSchema).default([]),
});

/** The `--json` object of `arena score --report`: fields whose inputs were not given are null. */
export interface ReportJson {
  mode: ScoreMode;
  /** `contradicted`: of the unsupported, those the page states with another figure (0 in rows scored before it was counted). */
  citations: {
    count: number;
    urls: string[];
    supported: number;
    unsupported: number;
    contradicted: number;
    unknown: number;
    accuracy: number | null;
    effective: number;
  };
  claims: { precision: number; recall: number; f1: number; strict_f1: number } | null;
  race: { share: number; total: number; dims: Record<string, number> } | null;
  intescore: { value: number; quality: number; semantic_drift: number; tboost: number } | null;
  dr3: { citation_coverage: number | null; info_recall: number | null };
}

export function reportJson(mode: ScoreMode, rows: ScoreRow[], side: Side = "A"): ReportJson {
  const row = (metric: string) => rows.find((r) => r.side === side && r.metric === metric);
  const cite = row("citation_effective")!.details as Omit<ReportJson["citations"], "accuracy" | "effective" | "contradicted"> & {
    contradicted?: number;
  };
  const f1 = row("claim_f1");
  const race = row("race_share");
  const ints = row("intescore");
  return {
    mode,
    citations: {
      count: cite.count,
      urls: cite.urls,
      supported: cite.supported,
      unsupported: cite.unsupported,
      contradicted: cite.contradicted ?? 0,
      unknown: cite.unknown,
      accuracy: row("citation_accuracy")?.value ?? null,
      effective: row("citation_effective")!.value,
    },
    claims: f1
      ? {
          precision: row("claim_precision")!.value,
          recall: row("claim_recall")!.value,
          f1: f1.value,
          strict_f1: row("claim_strict_f1")!.value,
        }
      : null,
    race: race ? { share: race.value, total: race.details.total as number, dims: race.details.dims as Record<string, number> } : null,
    intescore: ints
      ? {
          value: ints.value,
          quality: ints.details.quality as number,
          semantic_drift: ints.details.semanticDrift as number,
          tboost: ints.details.tboost as number,
        }
      : null,
    dr3: { citation_coverage: row("citation_coverage")?.value ?? null, info_recall: row("info_recall")?.value ?? null },
  };
}
