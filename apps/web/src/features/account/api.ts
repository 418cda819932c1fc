import { z } from "zod";
import {
  agentEditSchema,
  listOwnerAgents,
  ownsAgent,
  removeAgent,
  rotateAgentKey,
  updateAgentDescription,
  withdrawAgent,
} from "@arena/agents";
import { createApiToken, listApiTokens, revokeApiToken } from "@arena/db/accounts";
import { requireRoleApi } from "@/lib/auth-session";
import { errorResponse } from "@/lib/api/http";
import { db } from "@/lib/db";
import { readJsonBody } from "../submission/body";
import { SUBMITTERS } from "../submission/api";
import { invalid, refusal } from "../submission/commands";

/** GET /api/me/agents: the owner's agents with status, matches and rating (polled by /me/agents). */
export async function getMyAgents(req: Request): Promise<Response> {
  const a = await requireRoleApi(req, SUBMITTERS);
  if ("response" in a) return a.response;
  return Response.json(await listOwnerAgents(db(), a.user.id));
}

/** POST /api/me/agents/:id/key: rotate (or remove, with null) the key, then re-run the health check. */
export async function postAgentKey(req: Request, agentId: string): Promise<Response> {
  const a = await requireRoleApi(req, SUBMITTERS);
  if ("response" in a) return a.response;
  if (!(await ownsAgent(db(), a.user.id, agentId))) return errorResponse(404, "not your agent");
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const p = z
    .object({ api_key: z.string().min(1).max(4096).nullable() })
    .strict()
    .safeParse(body.value);
  if (!p.success) return errorResponse(400, "api_key: a string of 1 to 4,096 characters, or null");
  return Response.json(await rotateAgentKey(db(), agentId, p.data.api_key));
}

/** An owner's command on one of their agents as a response: refusals mapped (404 not theirs or unknown, 409 not possible now). */
async function refusing(run: () => Promise<unknown>): Promise<Response> {
  try {
    return Response.json(await run());
  } catch (err) {
    const r = refusal(err);
    if (r) return r;
    throw err;
  }
}

/** PATCH /api/me/agents/:id: `{description}` replaces the description (empty clears it). */
export async function patchMyAgent(req: Request, agentId: string): Promise<Response> {
  const a = await requireRoleApi(req, SUBMITTERS);
  if ("response" in a) return a.response;
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const p = agentEditSchema.safeParse(body.value);
  if (!p.success) return invalid(p.error);
  return refusing(() => updateAgentDescription(db(), agentId, a.user.id, p.data));
}

/** POST /api/me/agents/:id/withdraw: a pending submission taken back (409 once approved). */
export async function postWithdraw(req: Request, agentId: string): Promise<Response> {
  const a = await requireRoleApi(req, SUBMITTERS);
  if ("response" in a) return a.response;
  return refusing(() => withdrawAgent(db(), agentId, a.user.id));
}

/** DELETE /api/me/agents/:id: deleted if it never played, else retired (its matches and ratings stay). */
export async function deleteMyAgent(req: Request, agentId: string): Promise<Response> {
  const a = await requireRoleApi(req, SUBMITTERS);
  if ("response" in a) return a.response;
  return refusing(() => removeAgent(db(), agentId, a.user.id));
}

export async function getTokens(req: Request): Promise<Response> {
  const a = await requireRoleApi(req, SUBMITTERS);
  if ("response" in a) return a.response;
  return Response.json(await listApiTokens(db(), a.user.id));
}

/** POST /api/tokens: a new personal token, shown once. Tokens cannot create tokens (session only). */
export async function postToken(req: Request): Promise<Response> {
  const a = await requireRoleApi(req, SUBMITTERS);
  if ("response" in a) return a.response;
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const p = z
    .object({ name: z.string().trim().min(1).max(100) })
    .strict()
    .safeParse(body.value);
  if (!p.success) return errorResponse(400, "name: 1 to 100 characters");
  const { token, row } = await createApiToken(db(), a.user.id, p.data.name);
  return Response.json({ token, ...row }, { status: 201 });
}

export async function deleteToken(req: Request, id: string): Promise<Response> {
  const a = await requireRoleApi(req, SUBMITTERS);
  if ("response" in a) return a.response;
  const revoked = await revokeApiToken(db(), a.user.id, id);
  return revoked ? Response.json({ revoked }) : errorResponse(404, "token not found");
}
