"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import type { LeaderboardMetric, Scoreboard } from "@arena/scoring/read";
import type { LeaderboardRow } from "@arena/tournament/read";
import { fmtMs, fmtPct, fmtRating, fmtUsd } from "@/lib/format";
import { count, fmtSpread, intervalTitle, rating, share } from "./intervals";
import { METRIC_LABELS, SCORE_COLUMNS } from "./metrics";
import { ProfileBar } from "./profile-bar";

type Key = "rank" | "name" | "rating" | "controlled" | "rankChange" | "elo" | "matches" | "rounds" | "winRate" | "failureRate" | "costPerRun" | "timePerRun" | LeaderboardMetric;

const COLUMNS: { key: Key; label: string; numeric: boolean; title?: string }[] = [
  { key: "rank", label: "Rank", numeric: true, title: "1 + agents whose lower bound exceeds this agent's upper bound" },
  { key: "name", label: "Agent", numeric: false },
  { key: "rating", label: "Rating (95 % CI)", numeric: true, title: "Bradley–Terry rating with its bootstrap interval" },
  { key: "controlled", label: "Controlled (95 % CI)", numeric: true, title: "Rating with answer length, citation count, supported-citation share and Markdown density held equal (see below the table)" },
  { key: "rankChange", label: "Δ rank", numeric: true, title: "Plain rank − controlled rank on the same matches: positive when controlling for style and citations moves the agent up" },
  { key: "citation_accuracy", label: METRIC_LABELS.citation_accuracy, numeric: true, title: "Citation accuracy: supported / judged citations (FACT), mean over scored rounds; an answer without citations counts 0, pages that could not be read are left out (their count is on the match page)" },
  { key: "citation_effective", label: METRIC_LABELS.citation_effective, numeric: true, title: "Effective citations: supported citations per answer (FACT), mean over scored rounds" },
  { key: "claim_f1", label: METRIC_LABELS.claim_f1, numeric: true, title: "Claim F1 of LiveDRBench (Eq. 1): each target entity a claim with its facts as subclaims, against the round's checklists; mean over scored rounds" },
  { key: "race_share", label: METRIC_LABELS.race_share, numeric: true, title: "RACE pairwise share S(A)/(S(A)+S(B)), mean over scored rounds (llm mode only)" },
  { key: "elo", label: "Elo", numeric: true, title: "Online Elo (K = 4) over the same matches in time order" },
  { key: "matches", label: "Matches", numeric: true },
  { key: "rounds", label: "Rounds", numeric: true, title: "Judged rounds played" },
  { key: "winRate", label: "Win rate", numeric: true, title: "Matches won / matches played" },
  { key: "failureRate", label: "Failure rate", numeric: true, title: "(Lost + tied rounds) / rounds played" },
  { key: "costPerRun", label: "Cost / run", numeric: true, title: "Mean USD per research run (provider usage × price table) over the runs with a known cost" },
  { key: "timePerRun", label: "Time / run", numeric: true, title: "Mean wall time of an answered research run (background runs: from start to the answer)" },
];

const METRICS = new Set<Key>(SCORE_COLUMNS);

type Lookup = { controlled: Map<string, Scoreboard["controlled"]["ratings"][number]>; scores: Map<string, Scoreboard["agents"][number]["scores"]> };

function value(r: LeaderboardRow, key: Key, l: Lookup): number | string {
  switch (key) {
    case "name":
      return r.name.toLowerCase();
    case "rounds":
      return r.rounds?.rounds ?? -1;
    case "failureRate":
      return r.rounds?.failureRate ?? -1;
    case "costPerRun":
      return r.research?.meanCostUsd ?? -1;
    case "timePerRun":
      return r.research?.meanLatencyMs ?? -1;
    case "controlled":
      return l.controlled.get(r.agentId)?.rating ?? -Infinity;
    case "rankChange":
      return l.controlled.get(r.agentId)?.rankChange ?? -Infinity;
    case "citation_accuracy":
    case "citation_effective":
    case "claim_f1":
    case "race_share":
      return l.scores.get(r.agentId)?.[key]?.mean ?? -Infinity;
    default:
      return r[key];
  }
}

function MetricCell({ agentId, metric, l, mode }: { agentId: string; metric: LeaderboardMetric; l: Lookup; mode: string | null }) {
  const c = l.scores.get(agentId)?.[metric];
  if (!c) return <td className="num px-2 py-1.5 text-zinc-400">—</td>;
  const fmt = metric === "citation_effective" ? count : share;
  const shown = metric === "citation_effective" ? c.mean.toFixed(1) : fmtPct(c.mean);
  const spread = fmtSpread(c.mean, c.lower, c.upper, fmt);
  return (
    <td className="num px-2 py-1.5 whitespace-nowrap" data-metric={metric}>
      <span className="font-medium">{shown}</span>{" "}
      <span
        className="text-xs text-zinc-500 dark:text-zinc-400"
        title={`${mode ?? ""} mode; ${c.n} answers in ${c.matches} matches; ${intervalTitle(c.lower, c.upper, fmt)}`}
      >
        {spread}
      </span>
    </td>
  );
}

/** The leaderboard, sortable by any column (rank first by default); rows link to the agent. */
export function LeaderboardTable({ rows, examinerId, scores }: { rows: LeaderboardRow[]; examinerId: string | null; scores: Scoreboard }) {
  const [sort, setSort] = useState<{ key: Key; desc: boolean }>({ key: "rank", desc: false });
  const lookup = useMemo<Lookup>(
    () => ({ controlled: new Map(scores.controlled.ratings.map((r) => [r.agentId, r])), scores: new Map(scores.agents.map((a) => [a.agentId, a.scores])) }),
    [scores],
  );
  const modes = new Map(scores.metrics.map((m) => [m.metric as Key, m.mode]));
  const sorted = useMemo(() => {
    const out = [...rows];
    out.sort((a, b) => {
      const x = value(a, sort.key, lookup);
      const y = value(b, sort.key, lookup);
      const c = x < y ? -1 : x > y ? 1 : b.rating - a.rating;
      return sort.desc ? -c : c;
    });
    return out;
  }, [rows, sort, lookup]);
  const toggle = (key: Key) => setSort((s) => (s.key === key ? { key, desc: !s.desc } : { key, desc: key !== "rank" && key !== "name" }));

  return (
    <table data-testid="leaderboard-table" className="w-full min-w-[1400px] border-collapse text-sm">
      <thead className="sticky top-0 bg-white dark:bg-zinc-950">
        <tr>
          {COLUMNS.map((c) => (
            <th
              key={c.key}
              scope="col"
              aria-sort={sort.key === c.key ? (sort.desc ? "descending" : "ascending") : "none"}
              className={`px-2 py-1.5 text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400 whitespace-nowrap ${c.numeric ? "text-right" : "text-left"}`}
            >
              <button type="button" onClick={() => toggle(c.key)} title={c.title} className="uppercase hover:text-zinc-900 dark:hover:text-zinc-100">
                {c.label}
                <span aria-hidden className="ml-0.5 inline-block w-2">{sort.key === c.key ? (sort.desc ? "↓" : "↑") : ""}</span>
              </button>
              {METRICS.has(c.key) ? (
                <span data-testid={`mode-${c.key}`} className="block text-[0.65rem] font-normal normal-case tracking-normal">
                  {modes.get(c.key) ?? "not scored"}
                </span>
              ) : null}
              {modes.get(c.key) === "offline" ? (
                <span className="block text-[0.6rem] font-normal normal-case tracking-normal" title="Deterministic matching standing in for the paper's judge model">
                  approximates the paper
                </span>
              ) : null}
            </th>
          ))}
          <th scope="col" className="px-2 py-1.5 text-right text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400">W-L-T</th>
          <th scope="col" className="px-2 py-1.5 text-left text-xs font-medium uppercase tracking-wide text-zinc-500 dark:text-zinc-400 whitespace-nowrap" title="Shares of DEEP / WIDE / BOTH among lost rounds">
            Failure profile
          </th>
        </tr>
      </thead>
      <tbody>
        {sorted.map((r) => (
          <tr key={r.agentId} data-testid="leaderboard-row" data-agent={r.name} className="border-t border-zinc-100 hover:bg-zinc-50 dark:border-zinc-800 dark:hover:bg-zinc-900">
            <td className="num px-2 py-1.5">{r.rank}</td>
            <td className="px-2 py-1.5">
              <Link href={`/agents/${r.agentId}${examinerId ? `?examiner=${encodeURIComponent(examinerId)}` : ""}`} className="font-medium text-sky-700 hover:underline dark:text-sky-400">
                {r.name}
              </Link>
              {r.preliminary ? (
                <span className="ml-1.5 rounded bg-zinc-100 px-1 text-[0.7rem] text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300" title="Fewer rated matches than the threshold: see the note below the table">
                  preliminary
                </span>
              ) : null}
            </td>
            <td className="num px-2 py-1.5 whitespace-nowrap">
              <span className="font-medium">{fmtRating(r.rating)}</span>{" "}
              <span className="text-xs text-zinc-500 dark:text-zinc-400" title={`95 % bootstrap interval ${fmtRating(r.lower)} to ${fmtRating(r.upper)}${r.sandwich ? `; sandwich ${fmtRating(r.sandwich.lower)} to ${fmtRating(r.sandwich.upper)}` : ""}`}>
                {fmtSpread(r.rating, r.lower, r.upper, rating)}
              </span>
            </td>
            <ControlledCells c={lookup.controlled.get(r.agentId)} />
            {SCORE_COLUMNS.map((m) => (
              <MetricCell key={m} agentId={r.agentId} metric={m} l={lookup} mode={modes.get(m) ?? null} />
            ))}
            <td className="num px-2 py-1.5">{fmtRating(r.elo)}</td>
            <td className="num px-2 py-1.5">{r.matches}</td>
            <td className="num px-2 py-1.5">{r.rounds?.rounds ?? "—"}</td>
            <td className="num px-2 py-1.5">{fmtPct(r.winRate)}</td>
            <td className="num px-2 py-1.5">{r.rounds ? fmtPct(r.rounds.failureRate) : "—"}</td>
            <td className="num px-2 py-1.5 whitespace-nowrap" data-testid="cost-per-run" title={r.research ? `${r.research.pricedRuns} of ${r.research.runs} runs priced; ${fmtUsd(r.research.costUsd)} in all` : undefined}>
              {fmtUsd(r.research?.meanCostUsd ?? null)}
            </td>
            <td className="num px-2 py-1.5 whitespace-nowrap" data-testid="time-per-run">{fmtMs(r.research?.meanLatencyMs ?? null)}</td>
            <td className="num px-2 py-1.5 whitespace-nowrap">
              {r.wins}-{r.losses}-{r.ties}
            </td>
            <td className="px-2 py-1.5">{r.rounds ? <ProfileBar profile={r.rounds.profile} lost={r.rounds.losses} /> : "—"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ControlledCells({ c }: { c: Lookup["controlled"] extends Map<string, infer V> ? V | undefined : never }) {
  if (!c) {
    return (
      <>
        <td className="num px-2 py-1.5 text-zinc-400" title="No scored match of this agent yet">—</td>
        <td className="num px-2 py-1.5 text-zinc-400">—</td>
      </>
    );
  }
  return (
    <>
      <td className="num px-2 py-1.5 whitespace-nowrap" data-testid="controlled-rating">
        <span className="font-medium">{fmtRating(c.rating)}</span>{" "}
        <span className="text-xs text-zinc-500 dark:text-zinc-400" title={intervalTitle(c.lower, c.upper, rating)}>
          {fmtSpread(c.rating, c.lower, c.upper, rating)}
        </span>
      </td>
      <td className="num px-2 py-1.5" data-testid="rank-change" title={`plain rank ${c.plainRank}, controlled rank ${c.rank}`}>
        {c.rankChange > 0 ? `▲${c.rankChange}` : c.rankChange < 0 ? `▼${-c.rankChange}` : "0"}
      </td>
    </>
  );
}
