import type { Command } from "commander";
import { z } from "zod";
import { LEADERBOARD_COLUMNS } from "@arena/tournament/columns";
import type { LeaderboardView, RatingHistory, WindowRatings } from "@arena/tournament/read";
import { describeRating } from "@arena/core/rating-display";
import { columnTable, ratingNotes } from "../column-table";
import { parseOptions, standInCaveat } from "../options";

/** The leaderboard as terminal text: the same stored snapshot as the web page and GET /api/leaderboard. */
export function leaderboardText(v: LeaderboardView): string {
  if (!v.examiner) return "no examiner configuration yet (arena tournament create makes one)";
  const scope = v.tournament ? `tournament ${v.tournament.name}` : "all matches";
  const mode = `${v.examiner.mode} examiner${standInCaveat(v.examiner.mode, "stand-in")}`;
  const lines = [`${v.examiner.name}, ${scope}: ${mode}`];
  if (!v.snapshot) return [...lines, "no rated match yet"].join("\n");
  lines.push(
    `snapshot of ${v.snapshot.matchesCounted} rated matches at ${v.snapshot.createdAt}; * preliminary (< ${v.preliminaryMatches} matches)`,
  );
  lines.push(...columnTable(LEADERBOARD_COLUMNS, v.rows));
  return [...lines, ...ratingNotes(v.rows.map((r) => describeRating(r).flag))].join("\n");
}

const windowOptions = z.object({
  tournament: z.string().min(1).optional(),
  window: z
    .string()
    .regex(/^(all|\d{1,4}d)$/, "--window: all or a number of days like 30d")
    .default("all")
    .transform((w) => (w === "all" ? null : Number(w.slice(0, -1)))),
  history: z.boolean().default(false),
});

function windowText(w: WindowRatings): string {
  const lines = [`last ${w.days} days (since ${w.since}): ${w.matches} rated matches, sandwich 95% intervals`];
  for (const r of w.rows)
    lines.push(`${String(r.rank).padEnd(5)}${r.name.slice(0, 25).padEnd(26)}${describeRating(r).text.padEnd(24)}${r.games} games`);
  return [...lines, ...ratingNotes(w.rows.map((r) => describeRating(r).flag))].join("\n");
}

function historyText(h: RatingHistory): string {
  const agents = [...new Map(h.flatMap((p) => p.ratings.map((r) => [r.agentId, r.name] as const))).entries()];
  const lines = [`${"time".padEnd(25)}${"matches".padStart(8)}  ${agents.map(([, n]) => n.slice(0, 10).padStart(11)).join("")}`];
  for (const p of h) {
    // An unbeaten or winless agent shows the word, not the fit's number (describeRating's value).
    const by = new Map(p.ratings.map((r) => [r.agentId, describeRating(r).value]));
    lines.push(
      `${p.at.padEnd(25)}${String(p.matchesCounted).padStart(8)}  ${agents.map(([id]) => (by.get(id) ?? "–").padStart(11)).join("")}`,
    );
  }
  return lines.join("\n");
}

/** `--by people`: the stored people's leaderboard (no tournament scope, no window). */
async function printPeople(raw: {
  examiner?: string;
  tournament?: string;
  json?: boolean;
  window?: string;
  history?: boolean;
  by?: string;
}): Promise<void> {
  if (raw.by !== "people") throw new Error("--by must be examiner or people");
  if (raw.tournament || raw.window || raw.history) throw new Error("--by people has no tournament scope, window or history");
  const [{ prisma }, { readPeopleLeaderboard, peopleParamsSchema }, { peopleText }] = await Promise.all([
    import("@arena/db"),
    import("@arena/votes/read"),
    import("../people-text"),
  ]);
  const board = await readPeopleLeaderboard(prisma(), parseOptions(peopleParamsSchema, { examiner: raw.examiner }));
  if (!board) throw new Error("no such examiner configuration");
  console.log(raw.json ? JSON.stringify(board) : peopleText(board));
}

export function register(program: Command): void {
  program
    .command("leaderboard")
    .description("the leaderboard of an examiner configuration (default: the one with most rated matches) or a tournament")
    .option("--examiner <id>", "examiner configuration id")
    .option("--tournament <id>", "tournament id")
    .option("--window <all|30d>", "with --tournament: ratings of the matches of the last N days (e.g. 30d); default all time")
    .option("--history", "with --tournament: the rating history over time (one line per stored snapshot, at most 100)")
    .option(
      "--by <examiner|people>",
      "people: the people's leaderboard of the examiner configuration's rounds (every round without --examiner) and its agreement with the examiner",
    )
    .option("--json", "the same object as GET /api/leaderboard")
    .action(async (raw: { examiner?: string; tournament?: string; json?: boolean; window?: string; history?: boolean; by?: string }) => {
      if (raw.by !== undefined && raw.by !== "examiner") return printPeople(raw);
      const [{ prisma }, { readRatingHistory, readWindowRatings, scopeParamsSchema }, { readLeaderboardWithSpans }] = await Promise.all([
        import("@arena/db"),
        import("@arena/tournament/read"),
        import("@arena/votes/read"),
      ]);
      const extra = parseOptions(windowOptions, { window: raw.window, history: raw.history, tournament: raw.tournament });
      if (extra.history || extra.window !== null) {
        if (!extra.tournament) throw new Error("--window and --history need --tournament");
        const out = extra.history
          ? await readRatingHistory(prisma(), extra.tournament)
          : await readWindowRatings(prisma(), extra.tournament, extra.window!);
        console.log(raw.json ? JSON.stringify(out) : "rows" in out ? windowText(out) : historyText(out));
        return;
      }
      const params = parseOptions(scopeParamsSchema, { examiner: raw.examiner, tournament: raw.tournament });
      const view = await readLeaderboardWithSpans(prisma(), params);
      if (!view) throw new Error("no such examiner configuration or tournament (or the tournament is judged under another configuration)");
      console.log(raw.json ? JSON.stringify(view) : leaderboardText(view));
    });
}
