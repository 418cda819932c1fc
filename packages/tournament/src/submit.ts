import { fromSubmission, registerAgent, type AgentSubmission } from "@arena/agents";
import type { PrismaClient } from "@arena/db";
import { readSettings } from "@arena/db/accounts";
import { approveAgent } from "./commands";
import { withQueues } from "./jobs";

/**
 * An owner's agent submission, as POST /api/agents makes it: registered (address guard, health
 * check, encrypted key) as pending, or approved and entered in the open tournament when the
 * operator turned auto-approval on. The caller checks the hourly limit first (submissionAllowed).
 * Never returns the key or the health check's text.
 */
export async function submitAgent(db: PrismaClient, ownerId: string, s: AgentSubmission) {
  const { autoApproval } = await readSettings(db);
  const approval = autoApproval ? "approved" : "pending";
  const agent = await registerAgent(db, fromSubmission(s, ownerId, approval));
  const joined = autoApproval ? (await approveAndEnter(db, agent.id)).joined : null;
  const { health: _health, ...shown } = agent;
  return { ...shown, approval, joined };
}

/** An admin's approval (the console's Approve, or auto-approval): approved, and entered in the open tournament if there is one. */
export function approveAndEnter(db: PrismaClient, agentId: string) {
  return withQueues((q) => approveAgent(db, q, agentId));
}
