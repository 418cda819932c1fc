"use client";

import { useMemo } from "react";
import type { LeaderboardMetric, Scoreboard } from "@arena/scoring/read";
import {
  LEADERBOARD_COLUMNS,
  LEADERBOARD_TABLE_LAYOUT,
  type LeaderboardColumn,
  type LeaderboardColumnKey,
  REPORT_SCORES,
} from "@arena/tournament/columns";
import type { LeaderboardRow } from "@arena/tournament/read";
import { DataTable, type DataColumn } from "@/components/data-table";
import { fmtPct, fmtUsd } from "@/lib/format";
import { count, fmtSpread, intervalTitle, share } from "./intervals";
import { hiddenScoreReason, METRIC_LABELS, SCORE_COLUMNS } from "./metrics";
import { ProfileBar, ProfileLegend } from "./profile-bar";
import { RatingCell } from "./rating-cell";
import { agentCells, type CellOverride, rowColumn } from "./row-column";

type Controlled = Scoreboard["controlled"]["ratings"][number];
type Scores = Scoreboard["agents"][number]["scores"];
type Lookup = {
  controlled: Map<string, Controlled>;
  scores: Map<string, Scores>;
  modes: Map<string, string | null>;
  /** Report-score columns whose scorer has not passed its known-answer test: hidden by default. */
  unvalidated: ReadonlySet<LeaderboardMetric>;
  preliminaryMatches: number;
};

const METRIC_TITLES: Record<LeaderboardMetric, string> = {
  citation_accuracy:
    "Citation accuracy: supported / judged citations (FACT), mean over scored rounds; an answer without citations counts 0, pages that could not be read are left out (their count is on the match page)",
  citation_effective: "Effective citations: supported citations per answer (FACT), mean over scored rounds",
  claim_f1:
    "Claim F1 of LiveDRBench (Eq. 1): each target entity a claim with its facts as subclaims, against the round's checklists; mean over scored rounds",
  race_share: "RACE pairwise share S(A)/(S(A)+S(B)), mean over scored rounds (llm mode only)",
};

function MetricCell({ agentId, metric, l }: { agentId: string; metric: LeaderboardMetric; l: Lookup }) {
  const c = l.scores.get(agentId)?.[metric];
  if (!c) return <span className="text-zinc-500">—</span>;
  const fmt = metric === "citation_effective" ? count : share;
  const shown = metric === "citation_effective" ? c.mean.toFixed(1) : fmtPct(c.mean);
  return (
    <>
      <span className="font-medium">{shown}</span>{" "}
      <span
        className="text-xs text-zinc-500 dark:text-zinc-400"
        title={`${l.modes.get(metric) ?? ""} mode; ${c.n} answers in ${c.matches} matches; ${intervalTitle(c.lower, c.upper, fmt)}`}
      >
        {fmtSpread(c.mean, c.lower, c.upper, fmt)}
      </span>
    </>
  );
}

/** The style- and citation-controlled rating, worded as every rating is (core's describeRating, through RatingCell). */
function ControlledCell({ c }: { c: Controlled | undefined }) {
  if (!c)
    return (
      <span className="text-zinc-500" title="No scored match of this agent yet">
        —
      </span>
    );
  return <RatingCell r={c} />;
}

/** The report-score columns and the style- and citation-controlled rating, from the scoreboard (not the row). */
function scoreColumns(l: Lookup): DataColumn<LeaderboardRow>[] {
  const metric = (m: LeaderboardMetric): DataColumn<LeaderboardRow> => ({
    id: m,
    header: METRIC_LABELS[m],
    title: METRIC_TITLES[m],
    optional: hiddenScoreReason(l.modes.get(m), !l.unvalidated.has(m)) !== null,
    legend: l.unvalidated.has(m)
      ? `${METRIC_TITLES[m]}. Not yet validated: its scorer has not passed a known-answer test, so read it with care.`
      : METRIC_TITLES[m],
    sub: (
      <>
        <span data-testid={`mode-${m}`}>{l.modes.get(m) ?? "not scored"}</span>
        {l.unvalidated.has(m) && l.modes.get(m) ? (
          <span
            className="block text-[0.6rem] font-normal normal-case tracking-normal"
            title="Its scorer has not passed a known-answer test yet"
          >
            not validated
          </span>
        ) : null}
        {l.modes.get(m) === "offline" ? (
          <span
            className="block text-[0.6rem] font-normal normal-case tracking-normal"
            title="Deterministic matching standing in for the paper's judge model"
          >
            approximates the paper
          </span>
        ) : null}
      </>
    ),
    numeric: true,
    sortValue: (r) => l.scores.get(r.agentId)?.[m]?.mean,
    cell: (r) => <MetricCell agentId={r.agentId} metric={m} l={l} />,
    cellProps: () => ({ "data-metric": m }),
  });
  return [
    ...SCORE_COLUMNS.map(metric),
    {
      id: "controlled",
      header: "Controlled (95 % CI)",
      title: "Rating with answer length, citation count, supported-citation share and Markdown density held equal (see below the table)",
      legend:
        "Rating from a fit with answer length, citation count, supported-citation share and Markdown density as covariates: the rating with those held equal (see Controlled below).",
      numeric: true,
      optional: true,
      sortValue: (r) => l.controlled.get(r.agentId)?.rating,
      cell: (r) => <ControlledCell c={l.controlled.get(r.agentId)} />,
      cellProps: () => ({ "data-testid": "controlled-rating" }),
    },
    {
      id: "rankChange",
      header: "Δ rank",
      title: "Plain rank − controlled rank on the same matches: positive when controlling for style and citations moves the agent up",
      numeric: true,
      optional: true,
      sortValue: (r) => l.controlled.get(r.agentId)?.rankChange,
      cell: (r) => {
        const c = l.controlled.get(r.agentId);
        if (!c) return <span className="text-zinc-500">—</span>;
        return (
          <span title={`plain rank ${c.plainRank}, controlled rank ${c.rank}`}>
            {c.rankChange > 0 ? `▲${c.rankChange}` : c.rankChange < 0 ? `▼${-c.rankChange}` : "0"}
          </span>
        );
      },
      cellProps: () => ({ "data-testid": "rank-change" }),
    },
  ];
}

function cellOverrides(examinerId: string | null): Partial<Record<LeaderboardColumnKey, CellOverride<LeaderboardRow>>> {
  return {
    ...agentCells<LeaderboardRow>(examinerId),
    costPerRun: {
      cell: (r) => (
        <span
          title={
            r.research ? `${r.research.pricedRuns} of ${r.research.runs} runs priced; ${fmtUsd(r.research.costUsd)} in all` : undefined
          }
        >
          {fmtUsd(r.research?.meanCostUsd ?? null)}
        </span>
      ),
      cellProps: () => ({ "data-testid": "cost-per-run" }),
    },
    timePerRun: { cellProps: () => ({ "data-testid": "time-per-run" }) },
    profile: {
      legend: (
        <>
          Shares of DEEP / WIDE / BOTH among lost rounds: <ProfileLegend />
        </>
      ),
      cell: (r) => (r.rounds ? <ProfileBar profile={r.rounds.profile} lost={r.rounds.losses} /> : "—"),
    },
  };
}

function columns(l: Lookup, examinerId: string | null): DataColumn<LeaderboardRow>[] {
  const overrides = cellOverrides(examinerId);
  const byKey = new Map(LEADERBOARD_COLUMNS.map((c: LeaderboardColumn) => [c.key, c]));
  return LEADERBOARD_TABLE_LAYOUT.flatMap((key) =>
    key === REPORT_SCORES ? scoreColumns(l) : [rowColumn(byKey.get(key)!, overrides[key], { preliminaryMatches: l.preliminaryMatches })],
  );
}

/**
 * The leaderboard on the arena's table: the columns a visitor reads first, the rest behind the
 * column chooser, every column sortable, the view in the URL; rows link to the agent.
 */
export function LeaderboardTable({
  rows,
  examinerId,
  scores,
  unvalidated,
  preliminaryMatches,
}: {
  rows: LeaderboardRow[];
  examinerId: string | null;
  scores: Scoreboard;
  unvalidated: readonly LeaderboardMetric[];
  preliminaryMatches: number;
}) {
  const cols = useMemo(
    () =>
      columns(
        {
          controlled: new Map(scores.controlled.ratings.map((r) => [r.agentId, r])),
          scores: new Map(scores.agents.map((a) => [a.agentId, a.scores])),
          modes: new Map(scores.metrics.map((m) => [m.metric, m.mode])),
          unvalidated: new Set(unvalidated),
          preliminaryMatches,
        },
        examinerId,
      ),
    [scores, examinerId, unvalidated, preliminaryMatches],
  );
  return (
    <DataTable
      testId="leaderboard-table"
      caption="Leaderboard: one row per agent"
      rows={rows}
      columns={cols}
      rowKey={(r) => r.agentId}
      rowProps={(r) => ({ "data-testid": "leaderboard-row", "data-agent": r.name })}
      defaultSort={{ id: "rank", desc: false }}
      urlPrefix=""
      chooser
      sticky={2}
      filter={{ label: "Find agent", text: (r) => r.name }}
      legend
    />
  );
}
