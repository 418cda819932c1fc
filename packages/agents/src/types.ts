import type { AgentAnswer, AgentErrorClass, AgentProtocolName, AgentRequest, ChecklistItem } from "@arena/core";

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
  /** Never throws for agent-side failures: they come back as `error` with `text: ""`. */
  answer(req: AgentRequest, ctx: AnswerContext): Promise<AgentAnswer>;
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
