import { readFile } from "node:fs/promises";
import type { Command } from "commander";
import { z } from "zod";
import type { ReportJson, ScoreMode, ScoringDeps, ScoringTask } from "@arena/scoring";
import { parseOptions } from "../options";

/**
 * `arena score --round ID [--mode offline|llm] [--web] [--json]` scores a stored round and stores
 * the scores (idempotently: scoring again rewrites the same rows); `--match ID` every round of a match.
 * `arena score --report answer.md --question q.txt [--checklist c.json] [--mode] [--web] [--json]`
 * scores any report file and stores nothing. Cited pages are read from the sandbox corpus on
 * DATABASE_URL, or with --web from the live web through the guarded client. `llm` mode uses the
 * judge of ARENA_SCORING_BASE_URL / ARENA_SCORING_MODEL / ARENA_SCORING_API_KEY (or the
 * examiner's ARENA_EXAMINER_*).
 */
const optionsSchema = z
  .object({
    round: z.string().min(1).optional(),
    match: z.string().min(1).optional(),
    report: z.string().min(1).optional(),
    question: z.string().min(1).optional(),
    checklist: z.string().min(1).optional(),
    mode: z.enum(["offline", "llm"], { error: "--mode must be offline or llm" }).default("offline"),
    web: z.boolean().default(false),
    json: z.boolean().default(false),
  })
  .refine((o) => [o.round, o.match, o.report].filter(Boolean).length === 1 && (!o.report || o.question), {
    message: "give --round ID, --match ID, or --report FILE with --question FILE",
  });

export function register(program: Command): void {
  program
    .command("score")
    .description(
      "report scores (citation support, claims, RACE, InteScore without its drift term, DR3 coverage) of a stored round or a report file",
    )
    .option("--round <id>", "a stored round: score both answers and store the scores")
    .option("--match <id>", "every scorable round of a stored match (stored likewise)")
    .option("--report <file>", "a Markdown report to score (nothing is stored)")
    .option("--question <file>", "the question the report answers (with --report)")
    .option("--checklist <file>", 'ground truth {"checklist_depth": [...], "checklist_width": [...]} (with --report)')
    .option("--mode <mode>", "offline | llm (default offline)")
    .option("--web", "fetch cited pages from the live web instead of the sandbox corpus")
    .option("--json", "machine-readable output")
    .action(async (raw: unknown) => {
      const opts = parseOptions(optionsSchema, raw);
      const [{ prisma }, { reportJson, roundTask, scorableRounds, scoreRound, scoreTask }] = await Promise.all([
        import("@arena/db"),
        import("@arena/scoring"),
      ]);
      const deps = await scoringDeps(opts.mode, opts.web);
      if (opts.match) {
        const rounds = await scorableRounds(prisma(), opts.match);
        if (rounds.length === 0) throw new Error(`no scorable round in match ${opts.match}`);
        let rows = 0;
        for (const id of rounds) rows += (await scoreRound(prisma(), id, deps)).rows;
        const summary = { matchId: opts.match, mode: opts.mode, rounds: rounds.length, rows };
        console.log(
          opts.json
            ? JSON.stringify(summary)
            : `scored ${rounds.length} rounds of match ${opts.match} (${opts.mode}): ${rows} scores stored`,
        );
        return;
      }
      if (opts.round) {
        const task = await roundTask(prisma(), opts.round);
        if (!task) throw new Error(`no scorable round ${opts.round}`);
        const { rows } = await scoreRound(prisma(), opts.round, deps);
        const stored = await prisma().reportScore.findMany({ where: { roundId: opts.round } });
        const asRows = stored.map((s) => ({
          side: s.side as "A" | "B" | "task",
          metric: s.metric,
          value: s.value,
          details: s.details as Record<string, unknown>,
        }));
        const sides = (["A", "B"] as const).filter((s) => task.answers[s] !== undefined);
        const out = Object.fromEntries(sides.map((s) => [s, reportJson(opts.mode, asRows, s)]));
        if (opts.json) console.log(JSON.stringify({ roundId: opts.round, mode: opts.mode, rows, ...out }));
        else for (const s of sides) console.log(`answer ${s}\n${reportText(out[s]!)}\n`);
        return;
      }
      const task = await reportTask(opts.report!, opts.question!, opts.checklist);
      const json = reportJson(opts.mode, await scoreTask(task, deps));
      console.log(opts.json ? JSON.stringify(json) : reportText(json));
    });
}

async function scoringDeps(mode: ScoreMode, web: boolean): Promise<ScoringDeps> {
  const [{ prisma }, { cachedPages, judgeFromEnv, pageFetcherFor }] = await Promise.all([import("@arena/db"), import("@arena/scoring")]);
  const judge = judgeFromEnv();
  if (mode === "llm" && !judge) throw new Error("--mode llm needs ARENA_SCORING_BASE_URL and ARENA_SCORING_MODEL (or the examiner's)");
  const pages = cachedPages(pageFetcherFor(web ? { kind: "web" } : { kind: "corpus", db: prisma() }));
  return { mode, judge, pages };
}

/** A report file as a one-answer task; the checklist items' source pages stand for the round's sources. */
async function reportTask(report: string, question: string, checklist: string | undefined): Promise<ScoringTask> {
  const { checklistFileSchema } = await import("@arena/scoring");
  const list = checklist ? parseOptions(checklistFileSchema, JSON.parse(await readFile(checklist, "utf8"))) : null;
  const sources = list ? [...new Set([...list.checklist_depth, ...list.checklist_width].map((i) => i.sourceUrl).filter(Boolean))] : [];
  return {
    question: (await readFile(question, "utf8")).trim(),
    wordLimitInstruction: null,
    checklistDepth: list?.checklist_depth ?? null,
    checklistWidth: list?.checklist_width ?? null,
    sourceUrls: sources.length ? sources : null,
    answers: { A: await readFile(report, "utf8") },
  };
}

const fmt = (x: number | null | undefined, digits = 3) => (x === null || x === undefined ? "–" : x.toFixed(digits));

function reportText(r: ReportJson): string {
  const c = r.citations;
  return [
    `mode ${r.mode}${r.mode === "offline" ? " (deterministic: lexical and numeric support, rubric matching; approximates the papers' judge-model metrics)" : ""}`,
    `citations   ${c.count} listed, ${c.supported} supported, ${c.unsupported} unsupported (${c.contradicted} of them contradicted), ${c.unknown} unknown; accuracy ${fmt(c.accuracy)}, effective ${c.effective}`,
    `claims      ${r.claims ? `precision ${fmt(r.claims.precision)}, recall ${fmt(r.claims.recall)}, F1 ${fmt(r.claims.f1)}, strict F1 ${fmt(r.claims.strict_f1)}` : "– (no checklist)"}`,
    `RACE        ${r.race ? `share ${fmt(r.race.share)} (S_int ${fmt(r.race.total, 2)})` : "– (llm mode, two answers)"}`,
    `InteScore (no drift term) ${r.intescore ? `${fmt(r.intescore.value, 1)} (quality ${fmt(r.intescore.quality)}, TBoost ${fmt(r.intescore.tboost)})` : "– (needs a checklist with source pages)"}`,
    `DR3         citation coverage ${fmt(r.dr3.citation_coverage)}, information recall ${fmt(r.dr3.info_recall)}`,
  ].join("\n");
}
