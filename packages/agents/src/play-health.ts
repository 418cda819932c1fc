import { z } from "zod";
import type { Db } from "@arena/db";

/**
 * How an agent fared in the rounds it played, read from the stored rounds (the match runner
 * records each seat's error class and detail): its errors by class, and whether it is *failing*.
 *
 * An agent is failing once its last FAILING_AFTER rounds all ended in an agent error (timeout,
 * refused, http_status, malformed, oversized…), counted since its last passing health check: a
 * check that passes (before a pairing, or an operator's recheck) makes it healthy again, and the
 * count starts over. A check that fails leaves it unhealthy, and unhealthy is failing too.
 * Three, not one: a single timeout is bad luck, three in a row is an endpoint that is down.
 *
 * The detail of an error may name the endpoint: only the owner's and the operator's reads carry
 * it. `failingAgentIds` gives the status alone, for public pages and for pairing.
 */
export const FAILING_AFTER = 3;
/** Rounds looked at per agent (newest first). */
export const RECENT_ROUNDS = 50;

export const agentRoundErrorsSchema = z.object({
  agentId: z.string(),
  /** Rounds looked at (its most recent, at most RECENT_ROUNDS) and how many of them had its error. */
  rounds: z.number().int(),
  errors: z.number().int(),
  /** Agent errors in a row, newest round backwards, since its last passing health check. */
  consecutive: z.number().int(),
  failing: z.boolean(),
  /** Errors by class, most frequent first, with the latest detail of each (may name the endpoint). */
  byClass: z.array(
    z.object({
      class: z.string(),
      count: z.number().int(),
      latestDetail: z.string().nullable(),
      latestAt: z.string(),
      matchId: z.string(),
    }),
  ),
});
export type AgentRoundErrors = z.infer<typeof agentRoundErrorsSchema>;

export const agentRoundErrorsParams = z.object({ agentIds: z.array(z.string()).max(10_000) });

interface SeatRound {
  agentId: string;
  matchId: string;
  error: string | null;
  detail: string | null;
  at: Date;
}

/**
 * Each agent's most recent rounds (its own seat's error), newest first, at most RECENT_ROUNDS.
 * Bounded per agent, however many rounds are stored: its newest RECENT_ROUNDS matches that hold
 * a round, in either seat (the Match (agent, createdAt) indexes), then the newest rounds among
 * those. Each such match holds at least one round, so these are the agent's newest rounds unless
 * a match older than RECENT_ROUNDS newer ones of the same agent is still storing rounds.
 */
async function recentSeatRounds(db: Db, agentIds: string[]): Promise<SeatRound[]> {
  if (!agentIds.length) return [];
  return db.$queryRaw<SeatRound[]>`
    SELECT a.id AS "agentId", x."matchId", x.error, x.detail, x.at
    FROM (SELECT DISTINCT unnest(${agentIds}::text[]) AS id) a
    CROSS JOIN LATERAL (
      SELECT r."matchId", r."createdAt" AS at, r.number,
             CASE WHEN m.seat = 'A' THEN r."errorA" ELSE r."errorB" END AS error,
             CASE WHEN m.seat = 'A' THEN r."errorDetailA" ELSE r."errorDetailB" END AS detail
      FROM (
        (SELECT id, 'A' AS seat, "createdAt" FROM "Match" s WHERE s."agentAId" = a.id AND EXISTS (SELECT 1 FROM "Round" o WHERE o."matchId" = s.id)
         ORDER BY s."createdAt" DESC LIMIT ${RECENT_ROUNDS})
        UNION ALL
        (SELECT id, 'B' AS seat, "createdAt" FROM "Match" s WHERE s."agentBId" = a.id AND EXISTS (SELECT 1 FROM "Round" o WHERE o."matchId" = s.id)
         ORDER BY s."createdAt" DESC LIMIT ${RECENT_ROUNDS})
        ORDER BY "createdAt" DESC LIMIT ${RECENT_ROUNDS}
      ) m JOIN "Round" r ON r."matchId" = m.id
      ORDER BY r."createdAt" DESC, r.number DESC
      LIMIT ${RECENT_ROUNDS}
    ) x
    ORDER BY a.id, x.at DESC, x.number DESC`;
}

/** The error class of a stored seat error ("timeout", or "timeout: detail" in older rows). */
function classOf(error: string): string {
  return error.split(":")[0]!.trim() || "error";
}

/** Decides one agent's errors and status from its rounds (newest first) and its last health check. */
export function summariseRounds(
  agentId: string,
  rounds: readonly Omit<SeatRound, "agentId">[],
  health: { status: string; healthAt: Date | null },
): AgentRoundErrors {
  const passedAt = health.status === "healthy" && health.healthAt ? health.healthAt.getTime() : -Infinity;
  let consecutive = 0;
  for (const r of rounds) {
    if (!r.error || r.at.getTime() <= passedAt) break;
    consecutive++;
  }
  const byClass = new Map<string, AgentRoundErrors["byClass"][number]>();
  for (const r of rounds) {
    if (!r.error) continue;
    const cls = classOf(r.error);
    const seen = byClass.get(cls);
    if (seen) seen.count++;
    else byClass.set(cls, { class: cls, count: 1, latestDetail: r.detail, latestAt: r.at.toISOString(), matchId: r.matchId });
  }
  return {
    agentId,
    rounds: rounds.length,
    errors: rounds.filter((r) => r.error).length,
    consecutive,
    failing: health.status === "unhealthy" || consecutive >= FAILING_AFTER,
    byClass: [...byClass.values()].sort((a, b) => b.count - a.count || (a.latestAt < b.latestAt ? 1 : -1)),
  };
}

/** The owner's and operator's read: each agent's recent errors by class with details, and its status. */
export async function readAgentRoundErrors(db: Db, params: z.input<typeof agentRoundErrorsParams>): Promise<AgentRoundErrors[]> {
  const { agentIds } = agentRoundErrorsParams.parse(params);
  const [agents, rounds] = await Promise.all([
    db.agent.findMany({ where: { id: { in: agentIds } }, select: { id: true, status: true, healthAt: true } }),
    recentSeatRounds(db, agentIds),
  ]);
  const byAgent = new Map<string, SeatRound[]>();
  for (const r of rounds) {
    const list = byAgent.get(r.agentId);
    if (list) list.push(r);
    else byAgent.set(r.agentId, [r]);
  }
  return agents.map((a) => agentRoundErrorsSchema.parse(summariseRounds(a.id, byAgent.get(a.id) ?? [], a)));
}

/** The agents among `agentIds` that are failing: status only, no detail (public pages, pairing). */
export async function failingAgentIds(db: Db, agentIds: string[]): Promise<Set<string>> {
  const rows = await readAgentRoundErrors(db, { agentIds });
  return new Set(rows.filter((r) => r.failing).map((r) => r.agentId));
}
