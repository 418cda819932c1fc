import {
  AgentRegistrationError,
  fromSubmission,
  registerAgent,
  submissionAllowed,
  SUBMISSIONS_PER_HOUR,
  type AgentSubmission,
} from "@arena/agents";
import type { Prisma, PrismaClient } from "@arena/db";
import { readSettings } from "@arena/db/accounts";
import { approveAgent } from "./commands";
import { withQueues } from "./jobs";
import { lockFor, LockSpace } from "./lock";

/**
 * An owner's agent submission, as POST /api/agents makes it: registered (address guard, health
 * check, encrypted key) as pending, or approved and entered in the open tournament when the
 * operator turned auto-approval on. Past SUBMISSIONS_PER_HOUR in the last hour it is refused
 * (`rate_limited`): checked before the health check, so a flood never reaches the endpoints, and
 * again at the write under the owner's lock, so concurrent submissions cannot all pass the count.
 * Never returns the key or the health check's text.
 */
export async function submitAgent(db: PrismaClient, ownerId: string, s: AgentSubmission) {
  await underLimit(db, ownerId);
  const { autoApproval } = await readSettings(db);
  const approval = autoApproval ? "approved" : "pending";
  const agent = await registerAgent(db, fromSubmission(s, ownerId, approval), {}, async (tx) => {
    await lockFor(tx, LockSpace.submissionOwner, ownerId);
    await underLimit(tx, ownerId);
  });
  const joined = autoApproval ? (await approveAndEnter(db, agent.id)).joined : null;
  const { health: _health, ...shown } = agent;
  return { ...shown, approval, joined };
}

async function underLimit(db: Prisma.TransactionClient, ownerId: string): Promise<void> {
  if (!(await submissionAllowed(db, ownerId)))
    throw new AgentRegistrationError("rate_limited", `at most ${SUBMISSIONS_PER_HOUR} agent submissions an hour`);
}

/** An admin's approval (the console's Approve, or auto-approval): approved, and entered in the open tournament if there is one. */
export function approveAndEnter(db: PrismaClient, agentId: string) {
  return withQueues((q) => approveAgent(db, q, agentId));
}
