"use server";
import { headers } from "next/headers";
import { z } from "zod";
import { castVote, createSpan, deleteSpan, VoteError, type Reveal, type SpanRequest, type VoteRequest } from "@arena/votes";
import { ROLES } from "@/features/account/roles";
import { CLIENT_IP_HEADER } from "@/lib/auth";
import { currentUser } from "@/lib/auth-session";
import { issueText } from "@/lib/api/http";
import { db } from "@/lib/db";
import type { ShownSpan } from "./spans/shown-span";

/**
 * The vote page's and the match page's writes: the commands of @arena/votes, which the HTTP
 * routes (POST /api/votes, POST /api/spans, DELETE /api/spans/{id}) call too. Every signed-in
 * account may vote and mark; the package parses the input and decides the rest (one vote per
 * voter and round, limits, which rounds a voter was served), and its refusals come back as text.
 */
export type Result<T> = ({ ok: true } & T) | { ok: false; error: string };

async function signedIn() {
  const user = await currentUser();
  return user && ROLES.includes(user.role) ? user : null;
}

/** A refusal's message for the reader; anything else is thrown on (a 500, logged). */
function refusal(err: unknown): { ok: false; error: string } {
  if (err instanceof z.ZodError) return { ok: false, error: issueText(err) };
  if (err instanceof VoteError) return { ok: false, error: err.message };
  throw err;
}

/** Stores the signed-in reader's verdict (seats as shown) and returns the reveal. */
export async function castVoteAction(input: VoteRequest): Promise<Result<{ reveal: Reveal }>> {
  const user = await signedIn();
  if (!user) return { ok: false, error: "Your session has ended: sign in again to vote." };
  try {
    const address = (await headers()).get(CLIENT_IP_HEADER) || null;
    return { ok: true, reveal: await castVote(db(), { ...input, voterId: user.id, address }) };
  } catch (err) {
    return refusal(err);
  }
}

/** Marks a passage of an answer for the signed-in reader. */
export async function createSpanAction(input: SpanRequest): Promise<Result<{ span: ShownSpan }>> {
  const user = await signedIn();
  if (!user) return { ok: false, error: "Sign in to mark passages." };
  try {
    const s = await createSpan(db(), { ...input, authorId: user.id });
    return { ok: true, span: { id: s.id, start: s.start, end: s.end, label: s.label, comment: s.comment, mine: true } };
  } catch (err) {
    return refusal(err);
  }
}

/** Deletes one of the signed-in reader's own marks. */
export async function deleteSpanAction(id: string): Promise<Result<object>> {
  const user = await signedIn();
  if (!user) return { ok: false, error: "Sign in to delete your marks." };
  try {
    await deleteSpan(db(), { authorId: user.id, id });
    return { ok: true };
  } catch (err) {
    return refusal(err);
  }
}
