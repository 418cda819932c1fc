import { z } from "zod";
import type { Agent, PrismaClient } from "@arena/db";
import { ENDPOINT_PROTOCOLS } from "./protocols";

/**
 * Agents as their owners and the operator console see them. The status shown combines the
 * stored health with approval and play: disabled › failing health › pending › active (plays in
 * a running tournament) › approved.
 */
export type ShownStatus = "pending" | "approved" | "active" | "disabled" | "failing health";

export interface AgentOverview {
  id: string;
  name: string;
  description: string | null;
  protocol: string;
  endpoint: string | null;
  model: string | null;
  hasKey: boolean;
  status: ShownStatus;
  healthError: string | null;
  ownerEmail: string | null;
  matches: { queued: number; running: number; finished: number };
  lastFinished: { id: string; opponent: string; result: "win" | "loss" | "tie" | "failed" } | null;
  rating: { value: number; lower: number; upper: number; games: number } | null;
}

function shownStatus(a: Pick<Agent, "status" | "approval">, playing: boolean): ShownStatus {
  if (a.status === "disabled") return "disabled";
  if (a.status === "unhealthy") return "failing health";
  if (a.approval === "pending") return "pending";
  return playing ? "active" : "approved";
}

const snapshotRatingSchema = z.array(z.object({ agentId: z.string(), rating: z.number(), lower: z.number(), upper: z.number(), games: z.number() }).loose());

/** The latest stored rating of each agent (any examiner configuration's latest snapshot naming it). */
async function latestRatings(db: PrismaClient, agentIds: string[]) {
  const out = new Map<string, AgentOverview["rating"]>();
  if (!agentIds.length) return out;
  const snaps = await db.ratingSnapshot.findMany({ orderBy: { createdAt: "desc" }, take: 50, select: { ratings: true } });
  for (const s of snaps) {
    const rows = snapshotRatingSchema.safeParse(s.ratings);
    if (!rows.success) continue;
    for (const r of rows.data) {
      if (agentIds.includes(r.agentId) && !out.has(r.agentId)) out.set(r.agentId, { value: r.rating, lower: r.lower, upper: r.upper, games: r.games });
    }
  }
  return out;
}

function resultFor(agentId: string, m: { agentAId: string; winner: string | null; status: string }): "win" | "loss" | "tie" | "failed" {
  if (m.status !== "completed" || !m.winner) return "failed";
  if (m.winner === "tie") return "tie";
  return (m.winner === "A") === (m.agentAId === agentId) ? "win" : "loss";
}

async function overview(db: PrismaClient, where: { ownerId?: string; builtin?: boolean }): Promise<AgentOverview[]> {
  const agents = await db.agent.findMany({
    where: { ...where, protocol: { in: [...ENDPOINT_PROTOCOLS] } },
    orderBy: { createdAt: "desc" },
    include: { owner: { select: { email: true } }, participants: { select: { tournament: { select: { status: true } } } } },
  });
  const ids = agents.map((a) => a.id);
  const [counts, finished, ratings] = await Promise.all([
    db.match.findMany({
      where: { OR: [{ agentAId: { in: ids } }, { agentBId: { in: ids } }], status: { in: ["queued", "running", "completed", "failed"] } },
      select: { agentAId: true, agentBId: true, status: true },
    }),
    db.match.findMany({
      where: { OR: [{ agentAId: { in: ids } }, { agentBId: { in: ids } }], status: { in: ["completed", "failed"] } },
      orderBy: { finishedAt: "desc" },
      take: 200,
      select: { id: true, agentAId: true, agentBId: true, winner: true, status: true, agentA: { select: { name: true } }, agentB: { select: { name: true } } },
    }),
    latestRatings(db, ids),
  ]);
  return agents.map((a) => {
    const mine = counts.filter((m) => m.agentAId === a.id || m.agentBId === a.id);
    const last = finished.find((m) => m.agentAId === a.id || m.agentBId === a.id);
    const playing = a.participants.some((p) => p.tournament.status === "running" || p.tournament.status === "paused");
    return {
      id: a.id,
      name: a.name,
      description: a.description,
      protocol: a.protocol,
      endpoint: a.endpoint,
      model: a.model,
      hasKey: a.secretEnc !== null,
      status: shownStatus(a, playing),
      healthError: a.healthError,
      ownerEmail: a.owner?.email ?? null,
      matches: {
        queued: mine.filter((m) => m.status === "queued").length,
        running: mine.filter((m) => m.status === "running").length,
        finished: mine.filter((m) => m.status === "completed" || m.status === "failed").length,
      },
      lastFinished: last ? { id: last.id, opponent: last.agentAId === a.id ? last.agentB.name : last.agentA.name, result: resultFor(a.id, last) } : null,
      rating: ratings.get(a.id) ?? null,
    };
  });
}

/** An owner's own agents. */
export function listOwnerAgents(db: PrismaClient, ownerId: string): Promise<AgentOverview[]> {
  return overview(db, { ownerId });
}

/** Every endpoint agent (openai / arena HTTP), for the console. */
export function listEndpointAgents(db: PrismaClient): Promise<AgentOverview[]> {
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

/** Re-enables a disabled agent as unchecked (the caller re-runs its health check). */
export async function enableAgent(db: PrismaClient, agentId: string): Promise<void> {
  await db.agent.update({ where: { id: agentId }, data: { status: "pending" } });
}

/** Agents an owner submitted in the last `windowMs` (the submission rate limit counts them). */
export function recentSubmissions(db: PrismaClient, ownerId: string, windowMs: number): Promise<number> {
  return db.agent.count({ where: { ownerId, createdAt: { gte: new Date(Date.now() - windowMs) } } });
}

/** Agents a tournament may include: approved and not disabled, of every protocol. */
export function listPlayableAgents(db: PrismaClient): Promise<Array<{ id: string; name: string; protocol: string }>> {
  return db.agent.findMany({ where: { approval: "approved", status: { not: "disabled" } }, select: { id: true, name: true, protocol: true }, orderBy: { name: "asc" } });
}
