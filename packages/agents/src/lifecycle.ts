import { z } from "zod";
import type { PrismaClient } from "@arena/db";
import { agentDescriptionSchema, AgentRegistrationError } from "./register";

/**
 * What an owner does to a submitted agent after submitting it: one implementation for the web
 * (`/me/agents`, `PATCH|DELETE /api/me/agents/{id}`, `POST …/withdraw`) and the CLI (`arena agent
 * remove`). Each command names the owner it acts for: another owner's agent is "not found", so
 * its existence does not leak. Refusals are AgentRegistrationError (`not_found`, `conflict`).
 */

/** An owner's change to an agent: only its description. */
export const agentEditSchema = z.object({ description: agentDescriptionSchema }).strict();
export type AgentEdit = z.output<typeof agentEditSchema>;

/** Who acts: an owner on their own agents, or the operator (null) on any. */
export type Actor = string | null;

async function ownAgent(db: PrismaClient, agentId: string, ownerId: Actor) {
  const agent = await db.agent.findFirst({
    where: { id: agentId, ...(ownerId === null ? {} : { ownerId }) },
    select: { id: true, name: true, approval: true, retiredAt: true },
  });
  if (!agent) throw new AgentRegistrationError("not_found", `no agent ${agentId}${ownerId === null ? "" : " of yours"}`);
  return agent;
}

/** Replaces the description (empty clears it). */
export async function updateAgentDescription(
  db: PrismaClient,
  agentId: string,
  ownerId: Actor,
  edit: AgentEdit,
): Promise<{ id: string; description: string | null }> {
  await ownAgent(db, agentId, ownerId);
  const { description } = agentEditSchema.parse(edit);
  return db.agent.update({ where: { id: agentId }, data: { description: description || null }, select: { id: true, description: true } });
}

/**
 * Takes a pending submission back: it can no longer be approved, stays listed for its owner as
 * "withdrawn" (keeping its name) until they delete it. Only a pending agent can be withdrawn; the
 * check and the write are one statement, so an approval racing it wins or loses as a whole.
 */
export async function withdrawAgent(db: PrismaClient, agentId: string, ownerId: Actor): Promise<{ id: string; approval: "withdrawn" }> {
  const agent = await ownAgent(db, agentId, ownerId);
  const { count } = await db.agent.updateMany({ where: { id: agentId, approval: "pending" }, data: { approval: "withdrawn" } });
  if (count === 0)
    throw new AgentRegistrationError("conflict", `${agent.name} is ${agent.approval}: only a pending agent can be withdrawn`);
  return { id: agentId, approval: "withdrawn" };
}

/**
 * Deletes an agent that never played. One that played (a match, or a bye in a Swiss round) is
 * retired instead: it stays, so its matches, ratings and audits keep their agent, but it is out
 * of play (disabled: Swiss pairing leaves it out from the next round on, and no admin can enable
 * it again). Retiring twice changes nothing.
 */
export async function removeAgent(
  db: PrismaClient,
  agentId: string,
  ownerId: Actor,
): Promise<{ id: string; removed: "deleted" | "retired" }> {
  await ownAgent(db, agentId, ownerId);
  return db.$transaction(async (tx) => {
    // Row lock: a pairing being written for this agent waits, or sees it gone.
    await tx.$queryRaw`SELECT id FROM "Agent" WHERE id = ${agentId} FOR UPDATE`;
    const [matches, pairings] = await Promise.all([
      tx.match.count({ where: { OR: [{ agentAId: agentId }, { agentBId: agentId }] } }),
      tx.pairing.count({ where: { OR: [{ agentAId: agentId }, { agentBId: agentId }] } }),
    ]);
    if (matches + pairings > 0) {
      const now = new Date();
      await tx.agent.updateMany({ where: { id: agentId, retiredAt: null }, data: { retiredAt: now, status: "disabled" } });
      return { id: agentId, removed: "retired" as const };
    }
    await tx.tournamentParticipant.deleteMany({ where: { agentId } });
    await tx.agent.delete({ where: { id: agentId } });
    return { id: agentId, removed: "deleted" as const };
  });
}
