import type { ExaminerMode } from "@arena/db";
import type { TournamentStatusReport } from "@arena/tournament";

const fmt = (x: number) => x.toFixed(0).padStart(5);

/** A tournament's progress and current ratings as terminal text (the web app shows the same data). */
export function statusText(s: TournamentStatusReport, examinerMode: ExaminerMode): string {
  const examiner = examinerMode === "heuristic" ? "heuristic examiner (offline, not the LLM method)" : "llm examiner";
  const lines = [
    `${s.name} (${s.id})  ${s.status}  Swiss round ${s.currentRound}/${s.swissRounds}  ${examiner}`,
    `matches ${s.matches.completed}/${s.matches.total} done, ${s.matches.running} running` +
      (s.round.total ? `; this round ${s.round.done}/${s.round.total}` : ""),
  ];
  if (!s.ratings.length) return [...lines, "(no rated match yet)"].join("\n");
  lines.push(`${"rank".padEnd(5)}${"agent".padEnd(28)}${"rating".padStart(7)}${"95% CI".padStart(14)}${"elo".padStart(7)}  W-L-T`);
  for (const r of s.ratings) {
    lines.push(
      `${String(r.rank).padEnd(5)}${r.name.slice(0, 27).padEnd(28)}${fmt(r.rating).padStart(7)}  ${fmt(r.lower)}–${fmt(r.upper)} ${fmt(r.elo).padStart(6)}  ${r.wins}-${r.losses}-${r.ties}`,
    );
  }
  return lines.join("\n");
}
