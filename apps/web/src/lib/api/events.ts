import { Redis } from "ioredis";
import { arenaEnv } from "@arena/env";
import { subscribeEvents, type ArenaEvent } from "@arena/jobs/events";

/**
 * One Redis subscriber per server process, fanned out to every open event stream: 500 watching
 * pages cost one Redis connection, not 500. Created on the first stream, kept for the process's
 * life (ioredis resubscribes by itself after a reconnect). Each event is serialised once and the
 * same bytes go to every client whose filter it passes.
 */
export type EventListener = (event: ArenaEvent, message: Uint8Array) => void;

interface Hub {
  listeners: Set<EventListener>;
  ready: Promise<void>;
}

const encoder = new TextEncoder();

/** The SSE frame of one event: no `event:` name, so `EventSource.onmessage` sees every type. */
export const frameOf = (event: ArenaEvent) => encoder.encode(`data: ${JSON.stringify(event)}\n\n`);

// On globalThis: Next may load this module more than once per process (one copy per route bundle).
const HUB_KEY = Symbol.for("arena.web.eventHub");
type WithHub = typeof globalThis & { [HUB_KEY]?: Hub };

function createHub(): Hub {
  const listeners = new Set<EventListener>();
  const redis = new Redis(arenaEnv().REDIS_URL, { maxRetriesPerRequest: null });
  redis.on("error", (err) => console.error("events: redis:", err.message));
  const ready = subscribeEvents(redis, (event) => {
    const message = frameOf(event);
    for (const listener of listeners) listener(event, message);
  }).then(
    () => undefined,
    (err: unknown) => {
      // A failed subscription must not stick: the next stream builds a new subscriber.
      const g = globalThis as WithHub;
      if (g[HUB_KEY]?.listeners === listeners) delete g[HUB_KEY];
      redis.disconnect();
      throw err;
    },
  );
  ready.catch(() => undefined);
  return { listeners, ready };
}

/**
 * Adds a listener to the process's subscriber. `ready` settles when the subscription is live
 * (events published before then are not seen); a stream may start before that, since Redis
 * being slow to answer should delay events, not the page.
 */
export function listen(listener: EventListener): { ready: Promise<void>; stop: () => void } {
  const g = globalThis as WithHub;
  g[HUB_KEY] ??= createHub();
  const hub = g[HUB_KEY];
  hub.listeners.add(listener);
  return { ready: hub.ready, stop: () => void hub.listeners.delete(listener) };
}

export interface EventFilter {
  tournament?: string;
  match?: string;
}

/** Events of the given tournament and/or match; every event when no filter is set. */
export function passes(filter: EventFilter, event: ArenaEvent): boolean {
  if (filter.match && (!("matchId" in event) || event.matchId !== filter.match)) return false;
  if (filter.tournament && event.tournamentId !== filter.tournament) return false;
  return true;
}
