"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import type { LeaderboardRow } from "@arena/tournament/read";
import { fmtInterval, fmtPct, fmtRating } from "@/lib/format";
import { ProfileBar } from "./profile-bar";

type Key = "rank" | "name" | "rating" | "elo" | "matches" | "rounds" | "winRate" | "failureRate";

const COLUMNS: { key: Key; label: string; numeric: boolean; title?: string }[] = [
  { key: "rank", label: "Rank", numeric: true, title: "1 + agents whose lower bound exceeds this agent's upper bound" },
  { key: "name", label: "Agent", numeric: false },
  { key: "rating", label: "Rating (95 % CI)", numeric: true, title: "Bradley–Terry rating with its bootstrap interval" },
  { key: "elo", label: "Elo", numeric: true, title: "Online Elo (K = 4) over the same matches in time order" },
  { key: "matches", label: "Matches", numeric: true },
  { key: "rounds", label: "Rounds", numeric: true, title: "Judged rounds played" },
  { key: "winRate", label: "Win rate", numeric: true, title: "Matches won / matches played" },
  { key: "failureRate", label: "Failure rate", numeric: true, title: "(Lost + tied rounds) / rounds played" },
];

function value(r: LeaderboardRow, key: Key): number | string {
  switch (key) {
    case "name":
      return r.name.toLowerCase();
    case "rounds":
      return r.rounds?.rounds ?? -1;
    case "failureRate":
      return r.rounds?.failureRate ?? -1;
    default:
      return r[key];
  }
}

/** The leaderboard, sortable by any column (rank first by default); rows link to the agent. */
export function LeaderboardTable({ rows, examinerId }: { rows: LeaderboardRow[]; examinerId: string | null }) {
  const [sort, setSort] = useState<{ key: Key; desc: boolean }>({ key: "rank", desc: false });
  const sorted = useMemo(() => {
    const out = [...rows];
    out.sort((a, b) => {
      const x = value(a, sort.key);
      const y = value(b, sort.key);
      const c = x < y ? -1 : x > y ? 1 : b.rating - a.rating;
      return sort.desc ? -c : c;
    });
    return out;
  }, [rows, sort]);
  const toggle = (key: Key) => setSort((s) => (s.key === key ? { key, desc: !s.desc } : { key, desc: key !== "rank" && key !== "name" }));

  return (
    <table data-testid="leaderboard-table" className="w-full min-w-[860px] border-collapse text-sm">
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
                {fmtInterval(r.rating, r.lower, r.upper)}
              </span>
            </td>
            <td className="num px-2 py-1.5">{fmtRating(r.elo)}</td>
            <td className="num px-2 py-1.5">{r.matches}</td>
            <td className="num px-2 py-1.5">{r.rounds?.rounds ?? "—"}</td>
            <td className="num px-2 py-1.5">{fmtPct(r.winRate)}</td>
            <td className="num px-2 py-1.5">{r.rounds ? fmtPct(r.rounds.failureRate) : "—"}</td>
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
