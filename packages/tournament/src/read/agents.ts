import { researchStats, totalOf } from "./research";
import type { Agent, Db, Prisma } from "@arena/db";
import { PUBLIC_AGENT, RATED_MATCH } from "@arena/db/where";
import { failingAgentIds } from "@arena/agents/play-health";
import { readLeaderboard } from "./leaderboard";
import { agentSummarySchema, agentViewSchema, unboundedSchema, type AgentSummary, type AgentView } from "./schemas";

/** Points kept of an agent's rating history (evenly thinned, the latest always kept). */
const HISTORY_POINTS = 200;
/** Matches listed on an agent's page (newest first); the matches API pages through the rest. */
const RECENT_MATCHES = 100;

import { iso, matchRefSelect } from "./shared";

/** What a visitor may know of an agent: never its endpoint (nor health details, which name it), owner or key. */
const agentSelect = {
  id: true,
  name: true,
  protocol: true,
  model: true,
  organisation: true,
  link: true,
  status: true,
  builtin: true,
  createdAt: true,
  retiredAt: true,
} satisfies Prisma.AgentSelect;

async function matchCounts(db: Db): Promise<Map<string, number>> {
  const [a, b] = await Promise.all([
    db.match.groupBy({ by: ["agentAId"], _count: { _all: true } }),
    db.match.groupBy({ by: ["agentBId"], _count: { _all: true } }),
  ]);
  const out = new Map<string, number>();
  for (const r of a) out.set(r.agentAId, (out.get(r.agentAId) ?? 0) + r._count._all);
  for (const r of b) out.set(r.agentBId, (out.get(r.agentBId) ?? 0) + r._count._all);
  return out;
}

/**
 * `failing`: an agent whose last rounds all ended in its error, or whose last health check failed,
 * shows "failing" instead of "healthy" or "unhealthy": one word for a visitor, the status only
 * (the errors' details name its endpoint and are its owner's).
 */
function summaryOf(a: Pick<Agent, keyof typeof agentSelect>, matches: number, failing: boolean): AgentSummary {
  const { retiredAt, ...rest } = a;
  const status = failing && (a.status === "healthy" || a.status === "unhealthy") ? "failing" : a.status;
  return { ...rest, status, retired: retiredAt !== null, createdAt: a.createdAt.toISOString(), matches };
}

/** Every public agent (approved, or with a rated match: PUBLIC_AGENT), by name; no endpoint details, never a secret. */
export async function readAgents(db: Db): Promise<AgentSummary[]> {
  const [agents, counts] = await Promise.all([
    db.agent.findMany({ where: PUBLIC_AGENT, select: agentSelect, orderBy: { name: "asc" } }),
    matchCounts(db),
  ]);
  const failing = await failingAgentIds(
    db,
    agents.map((a) => a.id),
  );
  return agents.map((a) => agentSummarySchema.parse(summaryOf(a, counts.get(a.id) ?? 0, failing.has(a.id))));
}

/** The examiner configurations this agent has rated matches under, most matches first. */
async function examinersOf(db: Db, agentId: string): Promise<AgentView["examiners"]> {
  const rows = await db.match.groupBy({
    by: ["examinerConfigId"],
    where: { OR: [{ agentAId: agentId }, { agentBId: agentId }], ...RATED_MATCH },
    _count: { _all: true },
    orderBy: { _count: { examinerConfigId: "desc" } },
  });
  const configs = await db.examinerConfig.findMany({
    where: { id: { in: rows.map((r) => r.examinerConfigId) } },
    select: { id: true, name: true, mode: true },
  });
  const byId = new Map(configs.map((c) => [c.id, c]));
  return rows.flatMap((r) => {
    const c = byId.get(r.examinerConfigId);
    return c ? [{ ...c, ratedMatches: r._count._all }] : [];
  });
}

async function ratingHistory(db: Db, examinerConfigId: string, agentId: string): Promise<AgentView["ratingHistory"]> {
  const rows = await db.$queryRaw<
    { at: Date; matchesCounted: number; rating: number; lower: number; upper: number; elo: number; unbounded: unknown }[]
  >`
    SELECT s."createdAt" AS at, s."matchesCounted" AS "matchesCounted",
           (e->>'rating')::float8 AS rating, (e->>'lower')::float8 AS lower, (e->>'upper')::float8 AS upper, (e->>'elo')::float8 AS elo,
           e->'unbounded' AS unbounded
    FROM "RatingSnapshot" s, jsonb_array_elements(s.ratings) e
    WHERE s."examinerConfigId" = ${examinerConfigId} AND s."tournamentId" IS NULL AND e->>'agentId' = ${agentId}
    ORDER BY s."createdAt", s."matchesCounted"`;
  const every = Math.max(1, Math.ceil(rows.length / HISTORY_POINTS));
  return rows
    .filter((_, i) => (i + 1) % every === 0 || i === rows.length - 1)
    .map((r) => ({
      ...r,
      at: r.at.toISOString(),
      unbounded: unboundedSchema
        .nullable()
        .catch(null)
        .parse(r.unbounded ?? null),
    }));
}

function headToHead(
  agentId: string,
  matches: { agentA: { id: string; name: string }; agentB: { id: string; name: string }; winner: string | null }[],
): AgentView["headToHead"] {
  const by = new Map<string, AgentView["headToHead"][number]>();
  for (const m of matches) {
    const seat = m.agentA.id === agentId ? "A" : "B";
    const opp = seat === "A" ? m.agentB : m.agentA;
    const h = by.get(opp.id) ?? { opponentId: opp.id, opponent: opp.name, games: 0, wins: 0, losses: 0, ties: 0 };
    h.games++;
    if (m.winner === "tie") h.ties++;
    else if (m.winner === seat) h.wins++;
    else h.losses++;
    by.set(opp.id, h);
  }
  return [...by.values()].sort((x, y) => y.games - x.games || (x.opponent < y.opponent ? -1 : 1));
}

const matchSelect = { ...matchRefSelect, finishedAt: true, tournamentId: true } satisfies Prisma.MatchSelect;

/**
 * One agent's page: its rating under the examiner configuration it played most under (or the one
 * asked for; `examiners` lists every configuration it has rated matches under), rating history, head-to-head records and recent matches.
 * Null if unknown or not public (a pending or withdrawn submission is its owner's, on /me/agents).
 */
export async function readAgent(db: Db, id: string, params: { examiner?: string } = {}): Promise<AgentView | null> {
  const agent = await db.agent.findFirst({ where: { id, ...PUBLIC_AGENT }, select: { ...agentSelect, description: true } });
  if (!agent) return null;
  const examiners = await examinersOf(db, id);
  const examinerId = params.examiner ?? examiners[0]?.id;
  const board = examinerId ? await readLeaderboard(db, { examiner: examinerId }) : null;
  if (params.examiner && !board) return null;
  const mine = { OR: [{ agentAId: id }, { agentBId: id }] };
  const [rated, recent, total, history, research, failing] = await Promise.all([
    board?.examiner
      ? db.match.findMany({ where: { ...mine, examinerConfigId: board.examiner.id, ...RATED_MATCH }, select: matchSelect })
      : [],
    db.match.findMany({ where: mine, select: matchSelect, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: RECENT_MATCHES }),
    db.match.count({ where: mine }),
    board?.examiner ? ratingHistory(db, board.examiner.id, id) : [],
    researchStats(db, { agentId: id }),
    failingAgentIds(db, [id]),
  ]);
  const { description, ...summary } = agent;
  return agentViewSchema.parse({
    ...summaryOf(summary, total, failing.has(id)),
    description,
    examiner: board?.examiner ?? null,
    examiners,
    rating: board?.rows.find((r) => r.agentId === id) ?? null,
    ratingHistory: history,
    headToHead: headToHead(id, rated),
    research: totalOf(research),
    matchesList: recent.map(({ tree, finishedAt, ...m }) => ({ ...m, treeTitle: tree.title, finishedAt: iso(finishedAt) })),
  });
}
