import { submitAgent } from "@arena/tournament";
import { requireRoleApi } from "@/lib/auth-session";
import { db } from "@/lib/db";
import { readJsonBody } from "./body";
import { invalid, parseSubmission, probeLimit, refusal, testEndpoint } from "./commands";

/** Who may submit agents: owners (and admins, who run the arena). */
export const SUBMITTERS = ["owner", "admin"] as const;

async function parsedSubmission(req: Request) {
  const authz = await requireRoleApi(req, SUBMITTERS, { allowToken: true });
  if ("response" in authz) return authz;
  const body = await readJsonBody(req);
  if (!body.ok) return { response: body.response };
  const parsed = parseSubmission(body.value);
  if (!parsed.success) return { response: invalid(parsed.error) };
  return { user: authz.user, submission: parsed.data };
}

/**
 * POST /api/agents: 201 with the agent (never its key); 400 malformed, 401/403 without the
 * right session or token, 409 duplicate name, 413 over 64 KB, 422 refused by the address guard
 * or failing its health check, 429 over the hourly submission limit (counted inside submitAgent under the owner's lock). Every check runs before the one write, so an error writes nothing.
 */
export async function postAgent(req: Request): Promise<Response> {
  const p = await parsedSubmission(req);
  if ("response" in p) return p.response;
  try {
    return Response.json({ agent: await submitAgent(db(), p.user.id, p.submission) }, { status: 201 });
  } catch (err) {
    const r = refusal(err);
    if (r) return r;
    throw err;
  }
}

/** POST /api/me/agents/probe: the form's "Test endpoint" (same body, nothing stored). */
export async function postProbe(req: Request): Promise<Response> {
  const p = await parsedSubmission(req);
  if ("response" in p) return p.response;
  const limited = await probeLimit(p.user.id);
  if (limited) return limited;
  try {
    return Response.json(await testEndpoint(p.submission));
  } catch (err) {
    const r = refusal(err);
    if (r) return r;
    throw err;
  }
}
