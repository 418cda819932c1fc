import type { Redis } from "ioredis";
import { z } from "zod";
import { matchWinnerSchema } from "@arena/core";
import { keyPrefix } from "./redis";

/**
 * Live events for pages that watch the arena (SSE in the web app). Workers publish on one Redis
 * pub/sub channel per key prefix; events carry ids and small figures only, so a page re-reads what
 * it shows through the read functions (PostgreSQL stays the source of truth, and a missed event
 * costs nothing but a later refresh).
 */
export const arenaEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("round"),
    matchId: z.string(),
    tournamentId: z.string().nullable(),
    round: z.number().int(),
    scoreA: z.number(),
    scoreB: z.number(),
  }),
  z.object({
    type: z.literal("match"),
    matchId: z.string(),
    tournamentId: z.string().nullable(),
    status: z.string(),
    winner: matchWinnerSchema.nullable(),
  }),
  z.object({
    type: z.literal("snapshot"),
    examinerConfigId: z.string(),
    tournamentId: z.string().nullable(),
    matchesCounted: z.number().int(),
  }),
  /** A scope's report-score columns and controlled ratings were recomputed and stored beside its snapshot. */
  z.object({
    type: z.literal("scoreboard"),
    examinerConfigId: z.string(),
    tournamentId: z.string().nullable(),
    matchesCounted: z.number().int(),
  }),
  /** The people's leaderboards and their agreement with the examiner were recomputed (every scope at once, so no tournament). */
  z.object({ type: z.literal("people"), tournamentId: z.null(), votesCounted: z.number().int() }),
  z.object({
    type: z.literal("tournament"),
    tournamentId: z.string(),
    kind: z.enum(["paired", "completed", "status"]),
    round: z.number().int().nullable(),
  }),
]);
export type ArenaEvent = z.infer<typeof arenaEventSchema>;

export function eventsChannel(): string {
  return `${keyPrefix()}:events`;
}

/** Publishing is best effort: a lost event only delays a page's refresh, so errors are swallowed. */
export async function publishEvent(redis: Redis, event: ArenaEvent): Promise<void> {
  await redis.publish(eventsChannel(), JSON.stringify(arenaEventSchema.parse(event))).catch(() => 0);
}

/**
 * Subscribes `redis` (a connection dedicated to subscribing) to the events channel and calls
 * `onEvent` for each well-formed event; returns a function that unsubscribes.
 */
export async function subscribeEvents(redis: Redis, onEvent: (event: ArenaEvent) => void): Promise<() => Promise<void>> {
  const channel = eventsChannel();
  const listener = (from: string, message: string) => {
    if (from !== channel) return;
    const parsed = arenaEventSchema.safeParse(safeJson(message));
    if (parsed.success) onEvent(parsed.data);
  };
  redis.on("message", listener);
  await redis.subscribe(channel);
  return async () => {
    redis.off("message", listener);
    await redis.unsubscribe(channel).catch(() => 0);
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
