"use server";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import {
  createReference,
  deleteReference,
  excludeVoter,
  includeVoter,
  recomputeReference,
  ReferenceBoardError,
  requestPeopleRecompute,
  updateReferenceMapping,
  VoteError,
  type ReferenceRequest,
} from "@arena/votes";
import { requireRole } from "@/lib/auth-session";
import { issueText } from "@/lib/api/http";
import { db } from "@/lib/db";

/**
 * The console's People & references page: reference leaderboards and voter exclusions, through
 * the commands of @arena/votes. Admins only (checked in every action); a refusal comes back as
 * text for the page, anything else is thrown (a 500, logged).
 */
export type ActionResult = { ok: true } | { ok: false; error: string };

const PATH = "/console/references";

async function admin() {
  return requireRole(["admin"], PATH);
}

async function attempt(work: () => Promise<unknown>): Promise<ActionResult> {
  try {
    await work();
    revalidatePath(PATH);
    return { ok: true };
  } catch (err) {
    if (err instanceof z.ZodError) return { ok: false, error: issueText(err) };
    if (err instanceof ReferenceBoardError || err instanceof VoteError) return { ok: false, error: err.message };
    throw err;
  }
}

export async function createReferenceAction(input: ReferenceRequest): Promise<ActionResult> {
  const user = await admin();
  return attempt(() => createReference(db(), { ...input, createdById: user.id }));
}

export async function updateMappingAction(id: string, mapping: Record<string, string | null>): Promise<ActionResult> {
  await admin();
  return attempt(() => updateReferenceMapping(db(), id, { mapping }));
}

export async function recomputeReferenceAction(id: string): Promise<ActionResult> {
  await admin();
  return attempt(() => recomputeReference(db(), id));
}

export async function deleteReferenceAction(id: string): Promise<ActionResult> {
  await admin();
  return attempt(() => deleteReference(db(), id));
}

/** Leaves a voter's votes out of the people's leaderboard (recomputed by the workers; reversible). */
export async function excludeVoterAction(voterId: string, reason: string): Promise<ActionResult> {
  const user = await admin();
  const result = await attempt(() => excludeVoter(db(), { voterId, adminId: user.id, reason }));
  if (result.ok) await requestPeopleRecompute();
  return result;
}

export async function includeVoterAction(voterId: string): Promise<ActionResult> {
  await admin();
  const result = await attempt(() => includeVoter(db(), { voterId }));
  if (result.ok) await requestPeopleRecompute();
  return result;
}
