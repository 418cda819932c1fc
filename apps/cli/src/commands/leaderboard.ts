import type { Command } from "commander";
import type { LeaderboardView } from "@arena/tournament/read";
import { parseOptions } from "../options";

const pct = (x: number) => `${(100 * x).toFixed(0)}%`.padStart(5);
const num = (x: number) => x.toFixed(0).padStart(5);

/** The leaderboard as terminal text: the same stored snapshot as the web page and GET /api/leaderboard. */
export function leaderboardText(v: LeaderboardView): string {
  if (!v.examiner) return "no examiner configuration yet (arena tournament create makes one)";
  const scope = v.tournament ? `tournament ${v.tournament.name}` : "all matches";
  const mode = v.examiner.mode === "heuristic" ? "heuristic examiner (offline stand-in, not the LLM method)" : "llm examiner";
  const lines = [`${v.examiner.name}, ${scope}: ${mode}`];
  if (!v.snapshot) return [...lines, "no rated match yet"].join("\n");
  lines.push(`snapshot of ${v.snapshot.matchesCounted} rated matches at ${v.snapshot.createdAt}; * preliminary (< ${v.preliminaryMatches} matches)`);
  lines.push(`${"rank".padEnd(5)}${"agent".padEnd(26)}${"rating".padStart(7)}${"95% CI".padStart(13)}${"elo".padStart(6)}  ${"W-L-T".padEnd(9)}${"win".padStart(5)}${"fail".padStart(6)}`);
  for (const r of v.rows) {
    const ci = `+${(r.upper - r.rating).toFixed(0)}/−${(r.rating - r.lower).toFixed(0)}`;
    lines.push(
      `${String(r.rank).padEnd(5)}${(r.name.slice(0, 23) + (r.preliminary ? "*" : "")).padEnd(26)}${num(r.rating).padStart(7)}${ci.padStart(13)}${num(r.elo).padStart(6)}  ${`${r.wins}-${r.losses}-${r.ties}`.padEnd(9)}${pct(r.winRate)}${r.rounds ? pct(r.rounds.failureRate).padStart(6) : "     –"}`,
    );
  }
  return lines.join("\n");
}

export function register(program: Command): void {
  program
    .command("leaderboard")
    .description("the leaderboard of an examiner configuration (default: the one with most rated matches) or a tournament")
    .option("--examiner <id>", "examiner configuration id")
    .option("--tournament <id>", "tournament id")
    .option("--json", "the same object as GET /api/leaderboard")
    .action(async (raw: { examiner?: string; tournament?: string; json?: boolean }) => {
      const [{ prisma }, { readLeaderboard, scopeParamsSchema }] = await Promise.all([import("@arena/db"), import("@arena/tournament/read")]);
      const params = parseOptions(scopeParamsSchema, { examiner: raw.examiner, tournament: raw.tournament });
      const view = await readLeaderboard(prisma(), params);
      if (!view) throw new Error("no such examiner configuration or tournament (or the tournament is judged under another configuration)");
      console.log(raw.json ? JSON.stringify(view) : leaderboardText(view));
    });
}
