"use client";

import Link from "next/link";
import { useMemo } from "react";
import type { LeaderboardMetric, Scoreboard } from "@arena/scoring/read";
import type { LeaderboardRow } from "@arena/tournament/read";
import { DataTable, type DataColumn } from "@/components/data-table";
import { fmtMs, fmtPct, fmtRating, fmtUsd } from "@/lib/format";
import { count, fmtSpread, intervalTitle, rating, share } from "./intervals";
import { hiddenScoreReason, METRIC_LABELS, SCORE_COLUMNS } from "./metrics";
import { RATING_FLAG_NOTES, RATING_SCALE_NOTE } from "@arena/core/rating-display";
import { ProfileBar, ProfileLegend } from "./profile-bar";
import { Preliminary, RatingCell } from "./rating-cell";

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

const RATING_LEGEND = `Bradley–Terry rating with its 95 % bootstrap interval (+above/−below). (wide): ${RATING_FLAG_NOTES.wide}. unbeaten, ≥ R: ${RATING_FLAG_NOTES.unbeaten}; winless, ≤ R the mirror image. ${RATING_SCALE_NOTE}`;

const METRIC_TITLES: Record<LeaderboardMetric, string> = {
  citation_accuracy: "Citation accuracy: supported / judged citations (FACT), mean over scored rounds; an answer without citations counts 0, pages that could not be read are left out (their count is on the match page)",
  citation_effective: "Effective citations: supported citations per answer (FACT), mean over scored rounds",
  claim_f1: "Claim F1 of LiveDRBench (Eq. 1): each target entity a claim with its facts as subclaims, against the round's checklists; mean over scored rounds",
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
      <span className="text-xs text-zinc-500 dark:text-zinc-400" title={`${l.modes.get(metric) ?? ""} mode; ${c.n} answers in ${c.matches} matches; ${intervalTitle(c.lower, c.upper, fmt)}`}>
        {fmtSpread(c.mean, c.lower, c.upper, fmt)}
      </span>
    </>
  );
}

function ControlledCell({ c }: { c: Controlled | undefined }) {
  if (!c) return <span className="text-zinc-500" title="No scored match of this agent yet">—</span>;
  return (
    <>
      <span className="font-medium">{fmtRating(c.rating)}</span>{" "}
      <span className="text-xs text-zinc-500 dark:text-zinc-400" title={intervalTitle(c.lower, c.upper, rating)}>
        {fmtSpread(c.rating, c.lower, c.upper, rating)}
      </span>
    </>
  );
}

function columns(l: Lookup, examinerId: string | null): DataColumn<LeaderboardRow>[] {
  const metric = (m: LeaderboardMetric): DataColumn<LeaderboardRow> => ({
    id: m,
    header: METRIC_LABELS[m],
    title: METRIC_TITLES[m],
    optional: hiddenScoreReason(l.modes.get(m), !l.unvalidated.has(m)) !== null,
    legend: l.unvalidated.has(m) ? `${METRIC_TITLES[m]}. Not yet validated: its scorer has not passed a known-answer test, so read it with care.` : METRIC_TITLES[m],
    sub: (
      <>
        <span data-testid={`mode-${m}`}>{l.modes.get(m) ?? "not scored"}</span>
        {l.unvalidated.has(m) && l.modes.get(m) ? (
          <span className="block text-[0.6rem] font-normal normal-case tracking-normal" title="Its scorer has not passed a known-answer test yet">
            not validated
          </span>
        ) : null}
        {l.modes.get(m) === "offline" ? (
          <span className="block text-[0.6rem] font-normal normal-case tracking-normal" title="Deterministic matching standing in for the paper's judge model">
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
    {
      id: "rank",
      header: "Rank",
      title: "1 + agents whose lower bound exceeds this agent's upper bound",
      legend: "1 + the number of agents whose 95 % lower bound is above this agent's upper bound (agents the matches show to be better). Agents no one separates from each other share a rank, so a rank can repeat and the next one skip (1, 1, 3).",
      numeric: true,
      sortValue: (r) => r.rank,
      cell: (r) => r.rank,
    },
    {
      id: "name",
      header: "Agent",
      legend: `The agent, linked to its page; preliminary: fewer than ${l.preliminaryMatches} rated matches, so its place may still move a lot.`,
      sortValue: (r) => r.name.toLowerCase(),
      cell: (r) => (
        <>
          <Link href={`/agents/${r.agentId}${examinerId ? `?examiner=${encodeURIComponent(examinerId)}` : ""}`} className="font-medium text-sky-700 hover:underline dark:text-sky-400">
            {r.name}
          </Link>
          {r.preliminary ? <Preliminary /> : null}
        </>
      ),
    },
    { id: "rating", header: "Rating (95 % CI)", title: "Bradley–Terry rating with its bootstrap interval", legend: RATING_LEGEND, numeric: true, sortValue: (r) => r.rating, cell: (r) => <RatingCell r={r} />, cellProps: () => ({ "data-testid": "rating" }) },
    { id: "matches", header: "Matches", title: "Rated matches played in this scope", numeric: true, sortValue: (r) => r.matches, cell: (r) => r.matches },
    { id: "wlt", header: "W-L-T", title: "Matches won, lost and tied", numeric: true, sortValue: (r) => r.wins - r.losses, cell: (r) => `${r.wins}-${r.losses}-${r.ties}` },
    { id: "winRate", header: "Win rate", title: "Matches won / matches played", numeric: true, sortValue: (r) => r.winRate, cell: (r) => fmtPct(r.winRate) },
    ...SCORE_COLUMNS.map(metric),
    {
      id: "controlled",
      header: "Controlled (95 % CI)",
      title: "Rating with answer length, citation count, supported-citation share and Markdown density held equal (see below the table)",
      legend: "Rating from a fit with answer length, citation count, supported-citation share and Markdown density as covariates: the rating with those held equal (see Controlled below).",
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
        return <span title={`plain rank ${c.plainRank}, controlled rank ${c.rank}`}>{c.rankChange > 0 ? `▲${c.rankChange}` : c.rankChange < 0 ? `▼${-c.rankChange}` : "0"}</span>;
      },
      cellProps: () => ({ "data-testid": "rank-change" }),
    },
    { id: "elo", header: "Elo", title: "Online Elo (K = 4) over the same matches in time order", numeric: true, optional: true, sortValue: (r) => r.elo, cell: (r) => fmtRating(r.elo) },
    { id: "rounds", header: "Rounds", title: "Judged rounds played", numeric: true, optional: true, sortValue: (r) => r.rounds?.rounds, cell: (r) => r.rounds?.rounds ?? "—" },
    { id: "failureRate", header: "Failure rate", title: "(Lost + tied rounds) / rounds played", numeric: true, optional: true, sortValue: (r) => r.rounds?.failureRate, cell: (r) => (r.rounds ? fmtPct(r.rounds.failureRate) : "—") },
    {
      id: "costPerRun",
      header: "Cost / run",
      title: "Mean USD per research run (provider usage × price table) over the runs with a known cost",
      numeric: true,
      optional: true,
      sortValue: (r) => r.research?.meanCostUsd ?? undefined,
      cell: (r) => <span title={r.research ? `${r.research.pricedRuns} of ${r.research.runs} runs priced; ${fmtUsd(r.research.costUsd)} in all` : undefined}>{fmtUsd(r.research?.meanCostUsd ?? null)}</span>,
      cellProps: () => ({ "data-testid": "cost-per-run" }),
    },
    {
      id: "timePerRun",
      header: "Time / run",
      title: "Mean wall time of an answered research run (background runs: from start to the answer)",
      numeric: true,
      optional: true,
      sortValue: (r) => r.research?.meanLatencyMs ?? undefined,
      cell: (r) => fmtMs(r.research?.meanLatencyMs ?? null),
      cellProps: () => ({ "data-testid": "time-per-run" }),
    },
    { id: "organisation", header: "Organisation", title: "Who makes the agent, as its owner gave it", optional: true, sortValue: (r) => r.organisation?.toLowerCase(), cell: (r) => r.organisation ?? "—" },
    { id: "model", header: "Model", title: "The model the agent runs, as registered", optional: true, sortValue: (r) => r.model?.toLowerCase(), cell: (r) => r.model ?? "—" },
    { id: "submitted", header: "Submitted", title: "When the agent was registered", optional: true, sortValue: (r) => r.submittedAt ?? undefined, cell: (r) => (r.submittedAt ? r.submittedAt.slice(0, 10) : "—") },
    {
      id: "profile",
      header: "Failure profile",
      title: "Shares of DEEP / WIDE / BOTH among lost rounds",
      legend: (
        <>
          Shares of DEEP / WIDE / BOTH among lost rounds: <ProfileLegend />
        </>
      ),
      optional: true,
      sortValue: (r) => r.rounds?.losses,
      cell: (r) => (r.rounds ? <ProfileBar profile={r.rounds.profile} lost={r.rounds.losses} /> : "—"),
    },
  ];
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
