"use client";

import type { AgentScoreMeans } from "@arena/scoring/read";
import { DataTable, type DataColumn } from "@/components/data-table";
import { Empty } from "@/components/ui";
import { fmtNum, fmtPct } from "@/lib/format";
import { fmtSpread, intervalTitle, share } from "@/features/leaderboard/intervals";

/** Every stored metric, what it measures and whether it is a share (shown as a percentage). */
const METRICS: Record<string, { label: string; share: boolean }> = {
  citation_accuracy: { label: "Citation accuracy (supported / judged)", share: true },
  citation_effective: { label: "Effective citations (supported per answer)", share: false },
  citation_coverage: { label: "Citation coverage of the key's source pages (DR3; hidden hub pages excluded)", share: true },
  claim_f1: { label: "Claim F1 (LiveDRBench Eq. 1: entities with their facts as subclaims)", share: true },
  claim_precision: { label: "Claim precision (Eq. 1)", share: true },
  claim_recall: { label: "Claim recall (Eq. 1)", share: true },
  claim_strict_f1: { label: "Claim F1, strict (minimum over claims)", share: true },
  info_recall: { label: "Information recall (fully covered items, DR3)", share: true },
  intescore: { label: "InteScore (no drift term)", share: false },
  race_share: { label: "RACE pairwise share", share: true },
};

type ScoreRow = AgentScoreMeans["agents"][number];
const metricOf = (s: ScoreRow) => METRICS[s.metric] ?? { label: s.metric, share: false };

const COLUMNS: DataColumn<ScoreRow>[] = [
  { id: "metric", header: "Metric", sortValue: (s) => metricOf(s).label.toLowerCase(), cell: (s) => metricOf(s).label },
  {
    id: "mode",
    header: "Mode",
    sortValue: (s) => s.mode,
    cell: (s) => (s.mode === "offline" ? "offline (approximates the paper)" : s.mode),
  },
  {
    id: "mean",
    header: "Mean (95 % CI)",
    numeric: true,
    sortValue: (s) => s.mean,
    cell: (s) => {
      const m = metricOf(s);
      const fmt = m.share ? share : (x: number) => fmtNum(x, 2);
      return (
        <>
          <span className="font-medium">{m.share ? fmtPct(s.mean) : fmtNum(s.mean, 2)}</span>{" "}
          <span className="text-xs text-zinc-500" title={intervalTitle(s.lower, s.upper, fmt)}>
            {fmtSpread(s.mean, s.lower, s.upper, fmt)}
          </span>
        </>
      );
    },
  },
  { id: "answers", header: "Answers", numeric: true, sortValue: (s) => s.n, cell: (s) => s.n },
  { id: "matches", header: "Matches", numeric: true, sortValue: (s) => s.matches, cell: (s) => s.matches },
];

/** The agent's mean of every report score under one examiner configuration, per mode, with intervals. */
export function AgentScores({ scores, examinerName }: { scores: AgentScoreMeans; examinerName: string | null }) {
  if (scores.agents.length === 0) {
    return (
      <Empty title="No scored answer yet.">Report scores appear after the scoring worker has scored a finished match of this agent.</Empty>
    );
  }
  const matches = Math.max(...scores.agents.map((a) => a.matches));
  return (
    <>
      <DataTable
        testId="agent-scores"
        caption="The agent's mean report scores per metric and mode"
        rows={scores.agents}
        columns={COLUMNS}
        rowKey={(s) => `${s.metric}-${s.mode}`}
        rowProps={(s) => ({ "data-metric": s.metric, "data-mode": s.mode })}
        minWidth="min-w-[560px]"
      />
      <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">
        Means over this agent&apos;s scored answers in up to {matches} finished matches{examinerName ? ` under ${examinerName}` : ""}
        {";"}
        offline (deterministic) and llm (judge model) scores are kept apart; offline scores approximate the papers&apos; judge-model
        metrics. InteScore has no SemanticDrift term (its keyword sets do not exist for arena questions). Intervals: 95 % percentile
        bootstrap resampling matches; — means unbounded (fewer than two matches). Percentages for shares; effective citations and InteScore
        as numbers.
      </p>
    </>
  );
}
