import type { AgentAnswer, AgentErrorClass, AgentProtocolName, AgentRequest, ChecklistItem, Price } from "@arena/core";

export type { AgentProtocolName };

/**
 * What the adapters need of an agent; the Prisma `Agent` row is assignable to it as it is.
 * `config` is parsed per protocol (see config.ts); `secretEnc` is decrypted only when calling.
 */
export interface AgentRecord {
  id?: string;
  name: string;
  protocol: AgentProtocolName;
  endpoint: string | null;
  model: string | null;
  secretEnc: string | null;
  config: unknown;
  maxConcurrency?: number;
  ratePerMinute?: number | null;
}

/** The ground truth of a round: handed only to simulated agents, whose planted skill needs it. */
export interface Oracle {
  checklistDepth: ChecklistItem[];
  checklistWidth: ChecklistItem[];
  sourceUrls: string[];
}

export interface AnswerContext {
  signal?: AbortSignal;
  /** Determinism: built-in and simulated agents derive every choice from it. */
  seed: string;
  oracle?: Oracle;
  /** Sent to arena-HTTP agents so they can group the rounds of one match. */
  matchId?: string;
  round?: number;
}

export interface AgentClient {
  readonly name: string;
  /**
   * The whole research run, waiting for it to end (a background run is polled in place). Never
   * throws for agent-side failures: they come back as `error` with `text: ""`.
   */
  answer(req: AgentRequest, ctx: AnswerContext): Promise<AgentAnswer>;
  /**
   * Protocols whose runs go on at the provider while nobody waits (Responses API background
   * mode, arena-HTTP 202 + poll): a match worker starts the run, stores the pending run with the
   * match and looks again later, so no worker slot waits for minutes.
   */
  readonly background?: BackgroundRuns;
}

/**
 * A research run going on at the provider: what a later process needs to look at it again. It is
 * stored with the match (JSON), so it holds plain data only.
 */
export interface PendingRun {
  /** The provider's handle: a Responses API response id, an arena-HTTP poll URL. */
  handle: string;
  /** When the run started (epoch ms): its wall time and deadline count from here. */
  startedAt: number;
  /** When to look at it again (epoch ms). */
  pollAt: number;
  /** Looks so far. */
  polls: number;
  /** The provider's last reported status (shown while the match waits), e.g. `queued`, `in_progress`. */
  status?: string;
}

/** Where a run stands after a start or a poll: done (answered or failed), or still going. */
export type RunStep = { done: AgentAnswer } | { pending: PendingRun };

export interface BackgroundRuns {
  /** Starts a run; a provider that answers at once gives `done`. Never throws for agent-side failures. */
  start(req: AgentRequest, ctx: AnswerContext): Promise<RunStep>;
  /** Looks at a run again; past the deadline the run is cancelled and comes back `timeout`. */
  poll(run: PendingRun, ctx: AnswerContext): Promise<RunStep>;
  /** Asks the provider to stop the run (the match was cancelled); best effort, never throws. */
  cancel(run: PendingRun): Promise<void>;
}

export interface HealthResult {
  ok: boolean;
  detail: string;
  /** Why a failed check failed: the agent error class (null when no class applies) and the HTTP status, if any. */
  failure?: HealthFailure;
}

export interface HealthFailure {
  class: AgentErrorClass | null;
  status: number | null;
}

/** What an agent on a provider's SDK (OpenAI, Anthropic, Gemini) is built from; `C` is its protocol's config. */
export interface ProviderAgentOptions<C> {
  name: string;
  baseUrl: string;
  model: string;
  apiKey: string | null;
  config: C;
  /** Operator allow-list entries; like ARENA_AGENT_ALLOW_HOSTS they open only this agent's own origin. */
  allow?: string[];
  /** Model price table (core's priceTable, with the operator's overrides); `config.price` wins over it. */
  prices: Readonly<Record<string, Price>>;
}
