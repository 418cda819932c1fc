import { z } from "zod";
import { priceTable } from "@arena/core/pricing";

/**
 * Every environment variable the arena reads, in one place: its schema (the raw string, unset or
 * empty meaning the default) and what it means. This is the only module that reads `process.env`
 * (tests/architecture.test.ts enforces it), in a package of its own so that `@arena/core` keeps no
 * I/O. It imports nothing but zod and core's price table (`@arena/core/pricing`), so the CLI, the
 * worker, the web app and every package read configuration here without loading anything heavy.
 * docs/configuration.md's table lists the same variables.
 */

type Raw = string | undefined;
const unset = (raw: Raw) => raw === undefined || raw.trim() === "";

/** A whole number from `min` on (optionally up to `max`), with a default. */
const whole = (fallback: number, min: number, max = Number.MAX_SAFE_INTEGER, what = "a whole number") =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (unset(raw)) return fallback;
      const n = Number(raw);
      if (Number.isInteger(n) && n >= min && n <= max) return n;
      ctx.addIssue({
        code: "custom",
        message: `must be ${what} from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : " on"}, got "${raw}"`,
      });
      return z.NEVER;
    });

/** A whole number of milliseconds, or undefined (the reader's default applies). */
const optionalMs = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (unset(raw)) return undefined;
    if (/^\d+$/.test(raw!)) return Number(raw);
    ctx.addIssue({ code: "custom", message: `must be a whole number of milliseconds, got "${raw}"` });
    return z.NEVER;
  });

/** A sampling temperature from 0 to 2, or undefined (the examiner configuration's default applies). */
const temperature = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (unset(raw)) return undefined;
    const n = Number(raw);
    if (Number.isFinite(n) && n >= 0 && n <= 2) return n;
    ctx.addIssue({ code: "custom", message: `must be a number from 0 to 2, got "${raw}"` });
    return z.NEVER;
  });

/** Comma-separated entries, trimmed, empty ones dropped. */
const list = z
  .string()
  .optional()
  .transform((raw) =>
    (raw ?? "")
      .split(",")
      .map((e) => e.trim())
      .filter(Boolean),
  );

/** Free text; empty means unset. */
const text = z
  .string()
  .optional()
  .transform((raw) => (unset(raw) ? undefined : raw));

/** An http(s) URL, or undefined. */
const url = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    if (unset(raw)) return undefined;
    if (/^https?:\/\//i.test(raw!) && URL.canParse(raw!)) return raw!;
    ctx.addIssue({ code: "custom", message: `must be an http(s) URL, got "${raw}"` });
    return z.NEVER;
  });

export const arenaEnvSchema = z.object({
  /** PostgreSQL; unset: the local trust-auth server's `arena` database. */
  DATABASE_URL: text.transform((v) => v ?? "postgresql://postgres@127.0.0.1:5432/arena"),
  /** Redis for the queues, locks, limits and live events. */
  REDIS_URL: text.transform((v) => v ?? "redis://127.0.0.1:6379"),
  /** The web app's public URL for sign-in links (wins over ARENA_PUBLIC_URL). */
  BETTER_AUTH_URL: text,
  /** The sign-in's session secret; unset: derived from the arena's secret key. */
  BETTER_AUTH_SECRET: text,
  /** Key prefix of every queue and lock in Redis. */
  ARENA_QUEUE_PREFIX: text.transform((v) => v ?? "arena"),
  /** Hosts, IPs, CIDRs or host:port the address guard lets through although private (crawler, sandbox; agents limited to their own origin). */
  ARENA_ALLOW_HOSTS: list,
  /** The same for agents only, each entry opening only an agent's own endpoint origin. */
  ARENA_AGENT_ALLOW_HOSTS: list,
  /** The same for the llm examiner only. */
  ARENA_EXAMINER_ALLOW_HOSTS: list,
  /** The same for topic sources' search providers only, each entry opening only a provider's own endpoint origin. */
  ARENA_SEARCH_ALLOW_HOSTS: list,
  /** 32-byte key (base64 or hex) encrypting secrets at rest; unset: var/secret.key, generated once. */
  ARENA_SECRET_KEY: text,
  /** The OpenAI-compatible model of the llm examiner. */
  ARENA_EXAMINER_BASE_URL: url,
  ARENA_EXAMINER_MODEL: text,
  ARENA_EXAMINER_API_KEY: text,
  /** Characters of each page's content the llm examiner's generation reads (prompt v3 on; v1/v2 and the heuristic read 800). */
  ARENA_EXAMINER_CONTENT_CHARS: whole(12_000, 800, 100_000, "a number of characters"),
  /** Temperatures of a new llm examiner configuration (unset: 0.7 and 0.1, the reference's). */
  ARENA_EXAMINER_GENERATION_TEMPERATURE: temperature,
  ARENA_EXAMINER_JUDGE_TEMPERATURE: temperature,
  /** Report scoring in the workers: offline unless "llm". */
  ARENA_SCORING_MODE: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (unset(raw)) return "offline" as const;
      if (raw === "offline" || raw === "llm") return raw;
      ctx.addIssue({ code: "custom", message: `must be offline or llm, got "${raw}"` });
      return z.NEVER;
    }),
  /** The scoring judge (each falls back to the examiner's ARENA_EXAMINER_* counterpart). */
  ARENA_SCORING_BASE_URL: url,
  ARENA_SCORING_MODEL: text,
  ARENA_SCORING_API_KEY: text,
  /** JSON {"model": {"input": USD/Mtok, "output": USD/Mtok}} extending the cost table (kept as given; checked here). */
  ARENA_MODEL_PRICES: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (unset(raw)) return undefined;
      try {
        priceTable(raw);
        return raw;
      } catch (err) {
        ctx.addIssue({
          code: "custom",
          message: `${err instanceof Error ? err.message.replace(/^ARENA_MODEL_PRICES:? ?/, "") : String(err)}`,
        });
        return z.NEVER;
      }
    }),
  /** Matches a worker runs at once. */
  ARENA_MATCH_CONCURRENCY: whole(4, 1),
  /** A sandbox web/search the workers use instead of starting their own. */
  ARENA_SANDBOX_URL: url,
  /** Port of the workers' in-process sandbox (0: any free port). */
  ARENA_SANDBOX_PORT: whole(0, 0, 65535, "a port"),
  /** BullMQ job lock in ms: how long a crashed worker's match waits before another resumes it. */
  ARENA_LOCK_MS: whole(30_000, 1, Number.MAX_SAFE_INTEGER, "a number of milliseconds"),
  /** How often (ms) the reconciler re-enqueues pending work (0: only at start). */
  ARENA_RECONCILE_MS: whole(15_000, 0, Number.MAX_SAFE_INTEGER, "a number of milliseconds"),
  /** Least time (ms) between two scoreboard computations of one scope; unset: four times the last one's duration, at most a minute. */
  ARENA_SCOREBOARD_GAP_MS: optionalMs,
  /** Port of the worker's health endpoint (GET /livez, /readyz); unset: none (the Redis heartbeat only). */
  ARENA_WORKER_HEALTH_PORT: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (unset(raw)) return undefined;
      const n = Number(raw);
      if (Number.isInteger(n) && n >= 0 && n <= 65535) return n;
      ctx.addIssue({ code: "custom", message: `must be a port from 0 to 65535, got "${raw}"` });
      return z.NEVER;
    }),
  /** PostgreSQL connections per process. */
  ARENA_DB_POOL: whole(10, 1),
  /** The web app's build folder under apps/web. */
  ARENA_WEB_DIST_DIR: text.transform((v) => v ?? ".next"),
  /** Page cache lifetime (ms) of the web server's rendered pages; unset: the server's default. */
  ARENA_PAGE_CACHE_TTL_MS: optionalMs,
  /** The web app's public URL for sign-in links (BETTER_AUTH_URL wins). */
  ARENA_PUBLIC_URL: url,
  /** Extra origins the sign-in accepts, comma-separated. */
  ARENA_TRUSTED_ORIGINS: list,
  /** "off" turns the sign-in rate limit off (tests); anything else leaves it on. */
  ARENA_AUTH_RATE_LIMIT: text.transform((v) => v !== "off"),
  /** A folder holding the published DR-Arena trees, for the tests (else ../shared/data/dr-arena-trees, else a fetched copy in var/). */
  ARENA_DR_TREES: text,
});

export type ArenaEnv = z.infer<typeof arenaEnvSchema>;
export type ArenaVariable = keyof ArenaEnv;
/** Every variable of the schema: the `ARENA_*` ones, and the database, Redis and sign-in ones. */
export const ARENA_VARIABLES = Object.keys(arenaEnvSchema.shape) as ArenaVariable[];

/** Configuration that cannot be used, with one line per bad variable. */
export class ArenaEnvError extends Error {
  override name = "ArenaEnvError";
}

/** Parses the variables of `env`; an error names every bad variable and its value. */
export function parseArenaEnv(env: Record<string, string | undefined> = process.env): ArenaEnv {
  const raw = Object.fromEntries(ARENA_VARIABLES.map((k) => [k, env[k]]));
  const result = arenaEnvSchema.safeParse(raw);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `${String(i.path[0])} ${i.message}`);
  throw new ArenaEnvError(`invalid environment: ${lines.join("; ")}`);
}

let cached: { raw: (string | undefined)[]; env: ArenaEnv } | null = null;

/**
 * The process's configuration, parsed on first use and again only when an ARENA_* value changed
 * (tests set variables between cases), so reading it in a hot path costs a few lookups.
 */
export function arenaEnv(): ArenaEnv {
  const raw = ARENA_VARIABLES.map((k) => process.env[k]);
  if (cached && raw.every((v, k) => v === cached!.raw[k])) return cached.env;
  const env = parseArenaEnv(process.env);
  cached = { raw, env };
  return env;
}

/**
 * A variable named at run time rather than in the schema (`arena agent register --secret-env NAME`,
 * `arena user create --password-env NAME`): the user chose the name, so no schema can list it.
 */
export function namedVariable(name: string): string | undefined {
  return process.env[name];
}

/** This process's environment with `overrides`, for a child process that must inherit it. */
export function childEnv(overrides: Record<string, string>): Record<string, string | undefined> {
  return { ...process.env, ...overrides };
}

/**
 * Runs `build` with the named variables removed from this process's environment and puts them
 * back after, for a constructor that reads settings no option can refuse (the provider SDKs' custom
 * headers). `build` must be synchronous, so no other code sees the variables missing.
 */
export function withoutVariables<T>(names: readonly string[], build: () => T): T {
  const saved = names.map((name) => [name, process.env[name]] as const);
  for (const [name] of saved) delete process.env[name];
  try {
    return build();
  } finally {
    for (const [name, value] of saved) if (value !== undefined) process.env[name] = value;
  }
}
