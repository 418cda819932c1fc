import { z } from "zod";
import type { Agent, Prisma, PrismaClient } from "@arena/db";
import { PUBLIC_AGENT } from "@arena/db/where";
import { ENDPOINT_PROTOCOLS } from "./protocols";
import { agentRoundErrorsSchema, FAILING_AFTER, readAgentRoundErrors } from "./play-health";

/**
 * Agents as their owners and the operator console see them (endpoints included: never on a
 * public page). The status shown combines the stored health with approval and play:
 * retired › withdrawn › disabled › failing (its last FAILING_AFTER rounds ended in its error,
 * play-health.ts; a failed health check is shown beside it) › failing health (its last health
 * check failed) › pending › active (plays in a running tournament) › approved.
 */
export const SHOWN_STATUSES = ["pending", "approved", "active", "disabled", "failing health", "failing", "withdrawn", "retired"] as const;
export type ShownStatus = (typeof SHOWN_STATUSES)[number];

/** An agent that never lost (unbeaten) or never won (winless): the snapshot row's `unbounded`. */
const unboundedRatingSchema = z
  .object({ side: z.enum(["unbeaten", "winless"]), bound: z.number().nullable(), shared: z.boolean().optional() })
  .nullable();

export const agentOverviewSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  protocol: z.string(),
  endpoint: z.string().nullable(),
  model: z.string().nullable(),
  hasKey: z.boolean(),
  status: z.enum(SHOWN_STATUSES),
  /** The last failed health check: its message, class, HTTP status and time (null after a passing one). */
  healthError: z.string().nullable(),
  healthErrorClass: z.string().nullable(),
  healthHttpStatus: z.number().int().nullable(),
  healthAt: z.string().nullable(),
  ownerEmail: z.string().nullable(),
  /** Whether it ever played (a match or a bye): deleting it then retires it instead. */
  played: z.boolean(),
  /** Whether the public pages list it (approved, or with a rated match). */
  listed: z.boolean(),
  matches: z.object({ queued: z.number().int(), running: z.number().int(), finished: z.number().int() }),
  lastFinished: z.object({ id: z.string(), opponent: z.string(), result: z.enum(["win", "loss", "tie", "failed"]) }).nullable(),
  /** `unbounded`: unbeaten or winless, so `value` is no estimate (shown as core describeRating words it). */
  rating: z
    .object({ value: z.number(), lower: z.number(), upper: z.number(), games: z.number(), unbounded: unboundedRatingSchema })
    .nullable(),
  /** Its errors in its recent rounds by class, with the latest detail (may name the endpoint). */
  roundErrors: agentRoundErrorsSchema.omit({ agentId: true }),
});
export type AgentOverview = z.infer<typeof agentOverviewSchema>;

function shownStatus(a: Pick<Agent, "status" | "approval" | "retiredAt">, playing: boolean, errorsInARow: number): ShownStatus {
  if (a.retiredAt) return "retired";
  if (a.approval === "withdrawn") return "withdrawn";
  if (a.status === "disabled") return "disabled";
  if (errorsInARow >= FAILING_AFTER) return "failing";
  if (a.status === "unhealthy") return "failing health";
  if (a.approval === "pending") return "pending";
  return playing ? "active" : "approved";
}

const snapshotRatingSchema = z.array(
  z
    .object({
      agentId: z.string(),
      rating: z.number(),
      lower: z.number(),
      upper: z.number(),
      games: z.number(),
      unbounded: unboundedRatingSchema.optional(),
    })
    .loose(),
);

/** The latest stored rating of each agent (any examiner configuration's latest snapshot naming it). */
async function latestRatings(db: PrismaClient, agentIds: string[]) {
  const out = new Map<string, AgentOverview["rating"]>();
  if (!agentIds.length) return out;
  const snaps = await db.ratingSnapshot.findMany({ orderBy: { createdAt: "desc" }, take: 50, select: { ratings: true } });
  for (const s of snaps) {
    const rows = snapshotRatingSchema.safeParse(s.ratings);
    if (!rows.success) continue;
    for (const r of rows.data) {
      if (agentIds.includes(r.agentId) && !out.has(r.agentId))
        out.set(r.agentId, { value: r.rating, lower: r.lower, upper: r.upper, games: r.games, unbounded: r.unbounded ?? null });
    }
  }
  return out;
}

function resultFor(agentId: string, m: { agentAId: string; winner: string | null; status: string }): "win" | "loss" | "tie" | "failed" {
  if (m.status !== "completed" || !m.winner) return "failed";
  if (m.winner === "tie") return "tie";
  return (m.winner === "A") === (m.agentAId === agentId) ? "win" : "loss";
}

async function overview(db: PrismaClient, where: Prisma.AgentWhereInput): Promise<AgentOverview[]> {
  const agents = await db.agent.findMany({
    where,
    orderBy: { createdAt: "desc" },
    include: {
      owner: { select: { email: true } },
      participants: { select: { tournament: { select: { status: true } } } },
      _count: { select: { matchesA: true, matchesB: true, pairingsA: true, pairingsB: true } },
    },
  });
  const ids = agents.map((a) => a.id);
  const [counts, finished, ratings, listed, errors] = await Promise.all([
    db.match.findMany({
      where: { OR: [{ agentAId: { in: ids } }, { agentBId: { in: ids } }], status: { in: ["queued", "running", "completed", "failed"] } },
      select: { agentAId: true, agentBId: true, status: true },
    }),
    db.match.findMany({
      where: { OR: [{ agentAId: { in: ids } }, { agentBId: { in: ids } }], status: { in: ["completed", "failed"] } },
      orderBy: { finishedAt: "desc" },
      take: 200,
      select: {
        id: true,
        agentAId: true,
        agentBId: true,
        winner: true,
        status: true,
        agentA: { select: { name: true } },
        agentB: { select: { name: true } },
      },
    }),
    latestRatings(db, ids),
    db.agent.findMany({ where: { id: { in: ids }, ...PUBLIC_AGENT }, select: { id: true } }).then((rows) => new Set(rows.map((r) => r.id))),
    readAgentRoundErrors(db, { agentIds: ids }).then((rows) => new Map(rows.map(({ agentId, ...r }) => [agentId, r]))),
  ]);
  return agents.map((a) => {
    const mine = counts.filter((m) => m.agentAId === a.id || m.agentBId === a.id);
    const last = finished.find((m) => m.agentAId === a.id || m.agentBId === a.id);
    const playing = a.participants.some((p) => p.tournament.status === "running" || p.tournament.status === "paused");
    const c = a._count;
    const roundErrors = errors.get(a.id) ?? { rounds: 0, errors: 0, consecutive: 0, failing: false, byClass: [] };
    return agentOverviewSchema.parse({
      id: a.id,
      name: a.name,
      description: a.description,
      protocol: a.protocol,
      endpoint: a.endpoint,
      model: a.model,
      hasKey: a.secretEnc !== null,
      status: shownStatus(a, playing, roundErrors.consecutive),
      healthError: a.healthError,
      healthErrorClass: a.healthErrorClass,
      healthHttpStatus: a.healthHttpStatus,
      healthAt: a.healthAt?.toISOString() ?? null,
      ownerEmail: a.owner?.email ?? null,
      played: c.matchesA + c.matchesB + c.pairingsA + c.pairingsB > 0,
      listed: listed.has(a.id),
      matches: {
        queued: mine.filter((m) => m.status === "queued").length,
        running: mine.filter((m) => m.status === "running").length,
        finished: mine.filter((m) => m.status === "completed" || m.status === "failed").length,
      },
      lastFinished: last
        ? { id: last.id, opponent: last.agentAId === a.id ? last.agentB.name : last.agentA.name, result: resultFor(a.id, last) }
        : null,
      rating: ratings.get(a.id) ?? null,
      roundErrors,
    });
  });
}

/** An owner's own agents (owners submit endpoint agents only). */
export function listOwnerAgents(db: PrismaClient, ownerId: string): Promise<AgentOverview[]> {
  return overview(db, { ownerId, protocol: { in: [...ENDPOINT_PROTOCOLS] } });
}

/** Every agent of the arena for the console: endpoint agents, built-in and simulated ones alike. */
export function listAllAgents(db: PrismaClient): Promise<AgentOverview[]> {
  return overview(db, {});
}

/** Whether `agentId` belongs to `ownerId` (owners act on their own agents only). */
export async function ownsAgent(db: PrismaClient, ownerId: string, agentId: string): Promise<boolean> {
  return (await db.agent.count({ where: { id: agentId, ownerId } })) > 0;
}

/** Disables an agent: Swiss pairing leaves it out from the next round on; enableAgent + a health check bring it back. */
export async function disableAgent(db: PrismaClient, agentId: string): Promise<void> {
  await db.agent.update({ where: { id: agentId }, data: { status: "disabled" } });
}

/** Re-enables a disabled agent as unchecked (the caller re-runs its health check); a retired agent stays out of play. */
export async function enableAgent(db: PrismaClient, agentId: string): Promise<void> {
  await db.agent.updateMany({ where: { id: agentId, retiredAt: null }, data: { status: "pending" } });
}

/** Agents an owner submitted in the last `windowMs` (the submission rate limit counts them). */
export function recentSubmissions(db: Prisma.TransactionClient, ownerId: string, windowMs: number): Promise<number> {
  return db.agent.count({ where: { ownerId, createdAt: { gte: new Date(Date.now() - windowMs) } } });
}

/** Agents a tournament may include: approved, not disabled and not retired, of every protocol. */
export function listPlayableAgents(db: PrismaClient): Promise<Array<{ id: string; name: string; protocol: string }>> {
  return db.agent.findMany({
    where: { approval: "approved", status: { not: "disabled" }, retiredAt: null },
    select: { id: true, name: true, protocol: true },
    orderBy: { name: "asc" },
  });
}
