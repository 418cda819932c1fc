import {
  castVote,
  createSpan,
  deleteSpan,
  excludeVoter,
  exclusionRequestSchema,
  includeVoter,
  nextVoteRound,
  requestPeopleRecompute,
  spanRequestSchema,
  voteRequestSchema,
} from "@arena/votes";
import { readReveal, readVoters, spansJsonl, votesJsonl } from "@arena/votes/read";
import type { Role } from "@arena/db/accounts";
import { ROLES } from "@/features/account/roles";
import { CLIENT_IP_HEADER } from "@/lib/auth";
import { requireRoleApi, type SessionUser } from "@/lib/auth-session";
import { db } from "@/lib/db";
import { errorResponse, handle, pathId, queryParams } from "@/lib/api/http";
import { API_ROUTES } from "@/lib/api/routes";
import { jsonBody } from "../submission/body";

/**
 * The votes and spans API (docs/voting.md). Every signed-in account votes and marks spans, by
 * session or personal API token (scripts vote too); excluding a voter is for admins. Refusals of
 * @arena/votes carry their status (lib/api/http's table): 404 not served, 409 voted already,
 * 422 offsets, 429 limits.
 */
const ADMINS = ["admin"] as const;
const noStore = { "Cache-Control": "no-store" } as const;

/** Largest bodies: a vote (reason ≤ 2,000 characters) and a span (comment ≤ 1,000). */
const VOTE_BODY_BYTES = 16 * 1024;
const SPAN_BODY_BYTES = 8 * 1024;

async function guarded(req: Request, roles: readonly Role[], run: (user: SessionUser) => Promise<Response>): Promise<Response> {
  const a = await requireRoleApi(req, roles, { allowToken: true });
  if ("response" in a) return a.response;
  return handle(() => run(a.user));
}

/** GET /api/votes/next: the caller's next round, blind; 404 when none is left for them. */
export const getNextVote = (req: Request) =>
  guarded(req, ROLES, async (u) => {
    const next = await nextVoteRound(db(), { voterId: u.id });
    return next ? Response.json(next, { headers: noStore }) : errorResponse(404, "no round is left for you to vote on");
  });

/** POST /api/votes: 201 with the reveal. The client address (as the server saw the connection) is stored only as a keyed hash. */
export const postVote = (req: Request) =>
  guarded(req, ROLES, async (u) => {
    const body = voteRequestSchema.parse(await jsonBody(req, VOTE_BODY_BYTES));
    const reveal = await castVote(db(), { ...body, voterId: u.id, address: req.headers.get(CLIENT_IP_HEADER) || null });
    return Response.json(reveal, { status: 201, headers: noStore });
  });

/** GET /api/votes/{roundId}/reveal: the reveal of a round the caller voted on (404 before their vote). */
export const getReveal = (req: Request, roundId: string) =>
  guarded(req, ROLES, async (u) => {
    const reveal = await readReveal(db(), { voterId: u.id, roundId: pathId(roundId, "roundId") });
    return reveal ? Response.json(reveal, { headers: noStore }) : errorResponse(404, "no vote of yours on this round");
  });

export const postSpan = (req: Request) =>
  guarded(req, ROLES, async (u) => {
    const body = spanRequestSchema.parse(await jsonBody(req, SPAN_BODY_BYTES));
    return Response.json(await createSpan(db(), { ...body, authorId: u.id }), { status: 201, headers: noStore });
  });

export const deleteOwnSpan = (req: Request, id: string) =>
  guarded(req, ROLES, async (u) => Response.json(await deleteSpan(db(), { id: pathId(id, "id"), authorId: u.id })));

export const getVoters = (req: Request) => guarded(req, ADMINS, async () => Response.json(await readVoters(db()), { headers: noStore }));

/** Excluding (or including again) asks the workers for a recompute at once, as the console's buttons do (docs/voting.md). */
export const postExclusion = (req: Request, voterId: string) =>
  guarded(req, ADMINS, async (u) => {
    const { reason } = exclusionRequestSchema.parse(await jsonBody(req, SPAN_BODY_BYTES));
    const excluded = await excludeVoter(db(), { voterId: pathId(voterId, "id"), adminId: u.id, reason });
    await requestPeopleRecompute();
    return Response.json(excluded);
  });

export const deleteExclusion = (req: Request, voterId: string) =>
  guarded(req, ADMINS, async () => {
    const included = await includeVoter(db(), { voterId: pathId(voterId, "id") });
    await requestPeopleRecompute();
    return Response.json(included);
  });

const ndjson = (lines: unknown[], filename: string) =>
  new Response(lines.map((l) => `${JSON.stringify(l)}\n`).join(""), {
    headers: {
      "Content-Type": "application/x-ndjson; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      ...noStore,
    },
  });

/** GET /api/votes.jsonl (public): the counted votes in the battle format. */
export const getVotesJsonl = (req: Request) =>
  handle(async () => {
    const { examiner } = queryParams(req, API_ROUTES.votesJsonl.query);
    return ndjson(await votesJsonl(db(), { examinerConfigId: examiner }), "votes.jsonl");
  });

/** GET /api/spans.jsonl (public): every span, without its author. */
export const getSpansJsonl = () => handle(async () => ndjson(await spansJsonl(db()), "spans.jsonl"));
