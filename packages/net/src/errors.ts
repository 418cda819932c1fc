import type { AgentErrorClass } from "@arena/core";

/** Failure classes shared with the agent error taxonomy (core's AgentErrorClass). */
export type NetErrorKind = AgentErrorClass;

/**
 * Every failure of the guarded client. DNS failure, connection refused and guard refusal are all
 * "refused"; non-2xx answers are "http_status" with `status` set.
 */
export class NetError extends Error {
  override readonly name = "NetError";
  /** True when trying again later may succeed (timeouts, resets, 429/502/503/504). */
  readonly transient: boolean;

  constructor(
    readonly kind: NetErrorKind,
    readonly url: string,
    detail: string,
    readonly status?: number,
    options: { cause?: unknown; transient?: boolean } = {},
  ) {
    super(`${kind}: ${detail} (${url})`, { cause: options.cause });
    this.transient = options.transient ?? false;
  }
}
