import type { Db, Prisma } from "@arena/db";
import { z } from "zod";
import { failureTypeSchema, researchTraceSchema, tieQualitySchema, transitionActionSchema, verdictTokenSchema } from "@arena/core";
import {
  checklistItemSchema,
  expansionSchema,
  matchFilterOptionsSchema,
  matchPageSchema,
  matchViewSchema,
  MATCH_STATUSES,
  type MatchFilterOptions,
  type MatchListItem,
  type MatchPage,
  type MatchView,
  type RoundView,
} from "./schemas";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const matchListParamsSchema = z.object({
  tournament: z.string().min(1).max(200).optional(),
  agent: z.string().min(1).max(200).optional(),
  tree: z.string().min(1).max(200).optional(),
  /** Examiner configuration id. */
  examiner: z.string().min(1).max(200).optional(),
  status: z.enum(MATCH_STATUSES).optional(),
  /** Opaque: the `nextCursor` of the previous page. */
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type MatchListParams = z.input<typeof matchListParamsSchema>;

const listSelect = {
  id: true,
  tournamentId: true,
  tournament: { select: { name: true } },
  treeId: true,
  tree: { select: { title: true } },
  agentA: { select: { id: true, name: true } },
  agentB: { select: { id: true, name: true } },
  examinerConfigId: true,
  examinerMode: true,
  status: true,
  winner: true,
  scoreA: true,
  scoreB: true,
  rounds: true,
  createdAt: true,
  finishedAt: true,
} satisfies Prisma.MatchSelect;
type ListRow = Prisma.MatchGetPayload<{ select: typeof listSelect }>;

function listItem({ tournament, tree, createdAt, finishedAt, ...m }: ListRow, judged: ReadonlySet<string>): MatchListItem {
  return {
    ...m,
    tournamentName: tournament?.name ?? null,
    treeTitle: tree.title,
    wonByForfeit: m.status === "completed" && (m.winner === "A" || m.winner === "B") && m.rounds > 0 && !judged.has(m.id),
    createdAt: createdAt.toISOString(),
    finishedAt: iso(finishedAt),
  };
}

/** Of these matches, those with at least one round a judge decided (not voided, not a forfeit). */
async function judgedByExaminer(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.round.groupBy({
    by: ["matchId"],
    where: { matchId: { in: [...ids] }, verdictToken: { not: null }, forfeit: null },
  });
  return new Set(rows.map((r) => r.matchId));
}

/**
 * Matches newest first, filtered by tournament, agent (either seat), tree, examiner configuration
 * and status, a page at a time (keyset on creation order), with the count of all that match.
 */
export async function readMatches(db: Db, params: MatchListParams = {}): Promise<MatchPage> {
  const p = matchListParamsSchema.parse(params);
  const where: Prisma.MatchWhereInput = {
    ...(p.tournament ? { tournamentId: p.tournament } : {}),
    ...(p.agent ? { OR: [{ agentAId: p.agent }, { agentBId: p.agent }] } : {}),
    ...(p.tree ? { treeId: p.tree } : {}),
    ...(p.examiner ? { examinerConfigId: p.examiner } : {}),
    ...(p.status ? { status: p.status } : {}),
  };
  const [rows, total] = await Promise.all([
    db.match.findMany({
      where,
      select: listSelect,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: p.limit + 1,
      ...(p.cursor ? { cursor: { id: p.cursor }, skip: 1 } : {}),
    }),
    db.match.count({ where }),
  ]);
  const page = rows.slice(0, p.limit);
  const judged = await judgedByExaminer(
    db,
    page.map((m) => m.id),
  );
  return matchPageSchema.parse({
    items: page.map((m) => listItem(m, judged)),
    nextCursor: rows.length > p.limit ? page[page.length - 1]!.id : null,
    total,
  });
}

/** The filter choices of the matches list: only what has at least one match, by name. */
export async function readMatchFilterOptions(db: Db): Promise<MatchFilterOptions> {
  const [agents, tournaments, trees, examiners] = await Promise.all([
    db.agent.findMany({
      where: { OR: [{ matchesA: { some: {} } }, { matchesB: { some: {} } }] },
      select: { id: true, name: true },
      orderBy: { name: "asc" },
    }),
    db.tournament.findMany({ where: { matches: { some: {} } }, select: { id: true, name: true }, orderBy: { createdAt: "desc" } }),
    db.tree.findMany({ where: { matches: { some: {} } }, select: { id: true, title: true, rootUrl: true }, orderBy: { createdAt: "asc" } }),
    db.examinerConfig.findMany({ where: { matches: { some: {} } }, select: { id: true, name: true }, orderBy: { createdAt: "asc" } }),
  ]);
  return matchFilterOptionsSchema.parse({
    agents,
    tournaments,
    trees: trees.map((t) => ({ id: t.id, name: t.title ?? t.rootUrl })),
    examiners,
  });
}

const stringArray = z.array(z.string());
const checklist = z.array(checklistItemSchema);
const verdictJson = z.object({ reasoning: z.string().optional() }).loose();

/** Stored JSON read leniently: a value of an older shape shows as empty rather than failing the page. */
function jsonOr<T>(schema: z.ZodType<T>, value: unknown, fallback: T): T {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : fallback;
}

export interface MatchReadOptions {
  /**
   * Whose agents' error details to include: "all" (admins) or the agents of one owner (a signed-in
   * owner sees their own agent's). A detail can name the agent's endpoint, so by default
   * (anonymous, anyone else) only the error class is shown.
   */
  errorDetailFor?: "all" | { ownerId: string };
}

/** One match with every stored round (questions, checklists, both answers, verdicts, transitions). Null if unknown. */
export async function readMatch(db: Db, id: string, opts: MatchReadOptions = {}): Promise<MatchView | null> {
  const m = await db.match.findUnique({
    where: { id },
    select: {
      ...listSelect,
      agentA: { select: { id: true, name: true, ownerId: true } },
      agentB: { select: { id: true, name: true, ownerId: true } },
      seed: true,
      voidedRounds: true,
      error: true,
      startedAt: true,
      examinerConfig: { select: { name: true } },
      roundRows: { orderBy: { number: "asc" }, select: roundSelect },
    },
  });
  if (!m) return null;
  // The stored loop state carries both conversation histories; only its stop reason and the
  // pending runs' progress are shown.
  const [stop] = await db.$queryRaw<{ stopReason: string | null; pending: unknown; seq: unknown }[]>`
    SELECT state->'loop'->>'stopReason' AS "stopReason",
      CASE WHEN state ? 'pending' THEN jsonb_build_object('a', state->'pending'->'a'->'run', 'b', state->'pending'->'b'->'run') END AS pending,
      (state->>'seq')::int AS seq
    FROM "Match" WHERE id = ${id}`;
  const titles = await readNodeTitles(db, m.roundRows);
  // Rounds an open audit queue samples with its questions kept off public pages: a question found
  // here would name the agents of a blind audit item.
  const held = new Set(
    (
      await db.auditItem.findMany({
        where: { round: { matchId: id }, queue: { hideQuestions: true, closedAt: null } },
        select: { roundId: true },
      })
    ).map((i) => i.roundId),
  );
  const { roundRows, seed, voidedRounds, error, startedAt, examinerConfig, agentA, agentB, ...rest } = m;
  const list = { ...rest, agentA: { id: agentA.id, name: agentA.name }, agentB: { id: agentB.id, name: agentB.name } };
  const detailFor = opts.errorDetailFor;
  const mayRead = (ownerId: string | null) =>
    detailFor === "all" || (detailFor !== undefined && ownerId !== null && ownerId === detailFor.ownerId);
  const detail = { A: mayRead(agentA.ownerId), B: mayRead(agentB.ownerId) };
  const judged = new Set(roundRows.some((r) => r.verdictToken !== null && r.forfeit === null) ? [id] : []);
  return matchViewSchema.parse({
    ...listItem(list, judged),
    examinerName: examinerConfig.name,
    seed,
    stopReason: stop?.stopReason ?? null,
    voidedRounds,
    error,
    startedAt: iso(startedAt),
    waiting: waitingOf(stop?.pending, stop?.seq),
    roundsList: roundRows.map((r) => roundView(r, titles, detail, held.has(r.id))),
  });
}

const pendingRun = z.object({ status: z.string().optional(), startedAt: z.number(), polls: z.number().int() }).nullable();

/** The pending round's runs as shown (null when no round waits). */
function waitingOf(pending: unknown, seq: unknown): MatchView["waiting"] {
  const p = z.object({ a: pendingRun, b: pendingRun }).safeParse(pending);
  if (!p.success || typeof seq !== "number") return null;
  const seat = (r: z.infer<typeof pendingRun>) =>
    r ? { status: r.status ?? null, startedAt: new Date(r.startedAt).toISOString(), polls: r.polls } : null;
  return { round: seq + 1, a: seat(p.data.a), b: seat(p.data.b) };
}

type StoredPath = { pathNodeIds: Prisma.JsonValue; pathUrls: Prisma.JsonValue };

/** The titles of the tree nodes on these rounds' paths, by node id (null: the node has none). */
async function readNodeTitles(db: Db, rounds: readonly StoredPath[]): Promise<Map<string, string | null>> {
  const ids = [...new Set(rounds.flatMap((r) => jsonOr(stringArray, r.pathNodeIds, [])))];
  const rows = await db.node.findMany({ where: { id: { in: ids } }, select: { id: true, title: true } });
  return new Map(rows.map((n) => [n.id, n.title]));
}

function pathOf(r: StoredPath, titles: ReadonlyMap<string, string | null>): RoundView["path"] {
  const urls = jsonOr(stringArray, r.pathUrls, []);
  return jsonOr(stringArray, r.pathNodeIds, []).map((nodeId, i) => ({ nodeId, url: urls[i] ?? "", title: titles.get(nodeId) ?? null }));
}

/** One stored round's path of pages as the match page shows it (node, URL, title): for pages that show a single round. */
export async function readRoundPath(db: Db, round: StoredPath): Promise<RoundView["path"]> {
  return pathOf(round, await readNodeTitles(db, [round]));
}

/** Every round column a page shows; the examiner's prompts and raw responses (the bulk of a row) stay out. */
const roundSelect = {
  id: true,
  number: true,
  depth: true,
  width: true,
  pathNodeIds: true,
  pathUrls: true,
  question: true,
  wordLimitInstruction: true,
  checklistDepth: true,
  checklistWidth: true,
  sourceUrls: true,
  rationale: true,
  answerA: true,
  answerB: true,
  latencyAMs: true,
  latencyBMs: true,
  tokensA: true,
  tokensB: true,
  costA: true,
  costB: true,
  citationsA: true,
  citationsB: true,
  traceA: true,
  traceB: true,
  errorA: true,
  errorB: true,
  errorDetailA: true,
  errorDetailB: true,
  verdict: true,
  verdictToken: true,
  tieQuality: true,
  loserFailureType: true,
  scoreA: true,
  scoreB: true,
  action: true,
  stuck: true,
  expansions: true,
  examinerMode: true,
  examinerModel: true,
  judgeError: true,
  voided: true,
  forfeit: true,
  createdAt: true,
} satisfies Prisma.RoundSelect;

const seatSchema = z.enum(["A", "B"]);

function roundView(
  r: Prisma.RoundGetPayload<{ select: typeof roundSelect }>,
  titles: ReadonlyMap<string, string | null>,
  detail: { A: boolean; B: boolean },
  questionHeld: boolean,
): RoundView {
  const forfeit = seatSchema.nullable().parse(r.forfeit);
  const side = (s: "A" | "B") => ({
    text: r[`answer${s}`],
    latencyMs: r[`latency${s}Ms`],
    tokens: r[`tokens${s}`],
    costUsd: r[`cost${s}`],
    citations: r[`citations${s}`],
    error: r[`error${s}`],
    errorDetail: detail[s] ? r[`errorDetail${s}`] : null,
    trace: jsonOr(researchTraceSchema.nullable(), r[`trace${s}`], null),
  });
  return {
    id: r.id,
    number: r.number,
    depth: r.depth,
    width: r.width,
    path: pathOf(r, titles),
    question: questionHeld ? null : r.question,
    questionHeld,
    wordLimitInstruction: r.wordLimitInstruction,
    checklistDepth: jsonOr(checklist, r.checklistDepth, []),
    checklistWidth: jsonOr(checklist, r.checklistWidth, []),
    sourceUrls: jsonOr(stringArray, r.sourceUrls, []),
    rationale: r.rationale,
    a: side("A"),
    b: side("B"),
    forfeit: forfeit ? { seat: forfeit, reason: r[`error${forfeit}`] ?? "empty" } : null,
    // Stored as text; the closed sets are checked here (the whole view is parsed again below).
    verdict: verdictTokenSchema.nullable().parse(r.verdictToken),
    tieQuality: tieQualitySchema.nullable().parse(r.tieQuality),
    loserFailureType: failureTypeSchema.nullable().parse(r.loserFailureType),
    reasoning: jsonOr(verdictJson, r.verdict, {}).reasoning ?? null,
    scoreA: r.scoreA,
    scoreB: r.scoreB,
    action: transitionActionSchema.nullable().parse(r.action),
    stuck: r.stuck,
    expansions: jsonOr(z.array(expansionSchema), r.expansions, []),
    examinerMode: r.examinerMode,
    examinerModel: r.examinerModel,
    judgeError: r.judgeError,
    voided: r.voided,
    createdAt: r.createdAt.toISOString(),
  };
}
