import type { ShownStatus } from "./owners";

/**
 * Which action each shown agent status allows (imported alone, `@arena/agents/actions`, by the
 * console and the owner pages, which offer only these), as TOURNAMENT_ACTIONS does for
 * tournaments. The commands keep their own guards: approving or withdrawing a withdrawn or retired
 * agent is refused in one statement whatever a page offered.
 */
export const AGENT_ACTIONS = {
  /** An admin's approval of a submission (the console). */
  approve: ["pending"],
  /** An admin takes it out of pairing (the console). */
  disable: ["pending", "approved", "active", "failing health", "failing"],
  /** An admin re-enables it and checks its health again (the console). */
  recheck: ["pending", "approved", "active", "disabled", "failing health", "failing"],
  /** The owner takes back a submission not yet approved. */
  withdraw: ["pending"],
  /** The owner deletes it (never played) or retires it (played). */
  remove: ["pending", "approved", "active", "disabled", "failing health", "failing", "withdrawn"],
  /** The owner replaces its API key. */
  rotateKey: ["pending", "approved", "active", "disabled", "failing health", "failing"],
} as const satisfies Record<string, readonly ShownStatus[]>;

export type AgentAction = keyof typeof AGENT_ACTIONS;

export function agentActionAllowed(action: AgentAction, status: string): boolean {
  return (AGENT_ACTIONS[action] as readonly string[]).includes(status);
}
