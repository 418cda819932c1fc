import { describeRating, roundInWords } from "@arena/core";
import type { TournamentView } from "@arena/tournament/read";
import { standInCaveat } from "./options";

const fmt = (x: number) => x.toFixed(0).padStart(5);

/** Matches of the current Swiss round: finished (none will run again) of total. */
function currentRound(t: TournamentView): { done: number; total: number } {
  const matches = t.rounds.find((r) => r.number === t.currentRound)?.pairings.flatMap((p) => p.matches) ?? [];
  return { done: matches.filter((m) => m.status !== "queued" && m.status !== "running").length, total: matches.length };
}

const usd = (x: number | null) => (x === null ? "none" : `$${x.toFixed(2)}`);

/** Spent so far against the caps. */
function budgetLine(t: TournamentView): string {
  const b = t.budget;
  return `spent ${usd(b.spentUsd)} (cap ${usd(b.costCapUsd)}, per agent ${usd(b.agentCapUsd)}), ${t.pairing} pairing`;
}

/**
 * A tournament's progress and current ratings as terminal text, from the same read function and
 * stored snapshot as the web page and `GET /api/tournaments/:id`.
 */
export function statusText(t: TournamentView): string {
  const examiner = `${t.examinerMode} examiner${standInCaveat(t.examinerMode)}`;
  const round = currentRound(t);
  const lines = [
    `${t.name} (${t.id})  ${t.status}  ${roundInWords(t)}  ${examiner}`,
    `matches ${t.matches.completed}/${t.matches.total} done, ${t.matches.running} running${round.total ? `; this round ${round.done}/${round.total}` : ""}`,
    budgetLine(t),
  ];
  if (t.budget.pauseReason) lines.push(`paused: ${t.budget.pauseReason}`);
  if (!t.ratings.length) return [...lines, "(no rated match yet)"].join("\n");
  lines.push(`${"rank".padEnd(5)}${"agent".padEnd(28)}${"rating (95% CI)".padEnd(24)}${"elo".padStart(6)}  W-L-T`);
  for (const r of t.ratings) {
    lines.push(
      `${String(r.rank).padEnd(5)}${r.name.slice(0, 27).padEnd(28)}${describeRating(r).text.padEnd(24)}${fmt(r.elo).padStart(6)}  ${r.wins}-${r.losses}-${r.ties}`,
    );
  }
  return lines.join("\n");
}
