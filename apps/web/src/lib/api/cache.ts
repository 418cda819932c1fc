import { listen } from "./events";

/**
 * Scope reads (leaderboard, its CSV, battles, analyses) cached per server process, the API's as
 * finished response bodies; pages may cache their read results the same way. A leaderboard comes from a stored snapshot that changes at most once per finished
 * match, while reading and serialising it (a 200 KB analysis for 20 agents) costs tens of ms per
 * request: under load that alone missed the 50 ms p95 target by two orders of magnitude.
 *
 * Freshness: a `snapshot` or `scoreboard` event (published by the worker when it writes one) drops every entry;
 * without events an entry is served for TTL_MS, then once more while a single refresh runs in the
 * background (stale-while-revalidate), so a reader never waits on a refit's aftermath and at most
 * one recomputation per key is in flight. Unknown scopes (null) are never cached.
 */
const TTL_MS = 2_000;

interface Entry {
  value: unknown;
  expires: number;
  refresh: Promise<unknown> | null;
}

const entries = new Map<string, Entry>();
let watching = false;

function watchSnapshots(): void {
  if (watching) return;
  watching = true;
  listen((event) => {
    if (event.type === "snapshot" || event.type === "scoreboard" || event.type === "people") entries.clear();
  });
}

function refresh<T>(key: string, entry: Entry, compute: () => Promise<T | null>): Promise<T | null> {
  entry.refresh ??= compute()
    .then((value) => {
      if (value === null) entries.delete(key);
      else Object.assign(entry, { value, expires: Date.now() + TTL_MS });
      return value;
    })
    .finally(() => {
      entry.refresh = null;
    });
  return entry.refresh as Promise<T | null>;
}

/**
 * The value cached under `key`, computed when absent and refreshed in the background when stale.
 * Keys name what was read and with which parameters (`leaderboard:<examiner>:<tournament>`).
 */
export async function cached<T>(key: string, compute: () => Promise<T | null>): Promise<T | null> {
  watchSnapshots();
  let entry = entries.get(key);
  if (!entry) {
    entry = { value: null, expires: 0, refresh: null };
    entries.set(key, entry);
  }
  if (entry.value === null) return refresh(key, entry, compute);
  if (Date.now() >= entry.expires) void refresh(key, entry, compute).catch((err: unknown) => console.error("api cache:", err));
  return entry.value as T;
}
