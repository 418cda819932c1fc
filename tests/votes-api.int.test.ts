import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { PrismaClient } from "@arena/db";
import { createApiToken } from "@arena/db/accounts";
import { nextVoteSchema, readAgentSpanRates, revealSchema, spanViewSchema, voteLineSchema, VOTE_LIMITS } from "@arena/votes/read";
import { apiErrorSchema } from "../apps/web/src/lib/api/http";
import { createUser, PASSWORD } from "./accounts/fixtures";
import { freshDb } from "./helpers/arena";
import { arenaCommand, signIn, sharedWeb, type SharedWeb } from "./helpers/web";
import { plantRound, plantWidths, voteWorld, type VoteWorld } from "./votes-fixtures";

/**
 * The votes and spans API against the production build, signed in by session cookie or personal
 * API token: nothing of the agents or the verdict in GET /api/votes/next (checked on the raw
 * text), the reveal only after the vote, one vote per round, the seat mapping, the limits as 429
 * with nothing written, span offsets, admin exclusion, and votes.jsonl fitted by `arena ratings`.
 */
describe("votes API", () => {
  let db: PrismaClient;
  let web: SharedWeb;
  let w: VoteWorld;
  const rounds: string[] = [];
  const ownRounds: string[] = [];

  /** A signed-in account: its id and the headers of its requests (a session cookie, or a bearer token). */
  async function account(
    role: "owner" | "admin" | "auditor",
    via: "session" | "token" = "session",
  ): Promise<{ id: string; headers: Record<string, string> }> {
    const u = await createUser(db, role);
    if (via === "token") return { id: u.id, headers: { authorization: `Bearer ${(await createApiToken(db, u.id, "votes")).token}` } };
    return { id: u.id, headers: { cookie: await signIn(web.url, u.email, PASSWORD), origin: web.url } };
  }
  const call = (
    path: string,
    who: { headers: Record<string, string> } | null,
    init: { method?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${web.url}${path}`, {
      method: init.method ?? (init.body !== undefined || init.raw !== undefined ? "POST" : "GET"),
      headers: {
        ...(who?.headers ?? {}),
        ...(init.body !== undefined || init.raw !== undefined ? { "content-type": "application/json" } : {}),
        ...(init.headers ?? {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : init.raw !== undefined ? { body: init.raw } : {}),
    });
  const errorCode = async (res: Response) => apiErrorSchema.parse(await res.json()).error.code;

  beforeAll(async () => {
    db = await freshDb();
    const gammaOwner = await createUser(db, "owner");
    w = await voteWorld(db, ["alpha-api", "beta-api", "gamma-api"], { owners: { "gamma-api": gammaOwner.id } });
    for (let i = 0; i < 6; i++)
      rounds.push(await plantRound(db, w, { a: "alpha-api", b: "beta-api", token: i % 3 === 0 ? "[[B_MUCH_BETTER]]" : "[[A_BETTER]]" }));
    for (let i = 0; i < 2; i++) ownRounds.push(await plantRound(db, w, { a: "gamma-api", b: "alpha-api", token: "[[A_BETTER]]" }));
    web = await sharedWeb();
  });
  afterAll(async () => {
    await db?.$disconnect();
  });

  it("GET /api/votes/next is signed-in only and carries nothing of the agents, the match or the verdict", async () => {
    expect((await call("/api/votes/next", null)).status).toBe(401);
    const voter = await account("owner", "token");
    const res = await call("/api/votes/next", voter);
    expect(res.status).toBe(200);
    const text = await res.text();
    const next = nextVoteSchema.parse(JSON.parse(text));
    expect(Object.keys(JSON.parse(text)).sort()).toEqual(["answers", "question", "roundId", "wordLimit"]);
    const round = await db.round.findUniqueOrThrow({
      where: { id: next.roundId },
      include: { match: { include: { agentA: true, agentB: true } } },
    });
    for (const secret of [
      round.match.agentA.name,
      round.match.agentB.name,
      round.match.agentAId,
      round.match.agentBId,
      round.matchId,
      round.verdictToken!,
      round.verdictToken!.slice(2, -2),
      "reasoning",
      "examiner",
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    // The reveal is refused before the vote, and a reload serves the same round.
    expect((await call(`/api/votes/${next.roundId}/reveal`, voter)).status).toBe(404);
    expect(nextVoteSchema.parse(await (await call("/api/votes/next", voter)).json())).toEqual(next);
  });

  it("POST /api/votes stores the verdict in match seats and answers 201 with the reveal; a second vote is 409", async () => {
    const voter = await account("owner");
    const next = nextVoteSchema.parse(await (await call("/api/votes/next", voter)).json());
    const view = await db.voteView.findUniqueOrThrow({ where: { roundId_voterId: { roundId: next.roundId, voterId: voter.id } } });
    const round = await db.round.findUniqueOrThrow({
      where: { id: next.roundId },
      include: { match: { include: { agentA: true, agentB: true } } },
    });
    expect(next.answers).toEqual(view.seatsSwapped ? { A: round.answerB, B: round.answerA } : { A: round.answerA, B: round.answerB });
    // A cross-site form post is refused before anything is read.
    expect(
      (
        await call("/api/votes", voter, {
          body: { roundId: next.roundId, verdict: "A_MUCH_BETTER" },
          headers: { origin: "https://evil.example" },
        })
      ).status,
    ).toBe(403);
    const res = await call("/api/votes", voter, { body: { roundId: next.roundId, verdict: "A_MUCH_BETTER", reason: "more entities" } });
    expect(res.status, await res.clone().text()).toBe(201);
    const reveal = revealSchema.parse(await res.json());
    const stored = await db.vote.findUniqueOrThrow({ where: { roundId_voterId: { roundId: next.roundId, voterId: voter.id } } });
    expect(stored.verdict).toBe(view.seatsSwapped ? "B_MUCH_BETTER" : "A_MUCH_BETTER");
    const [shownA, shownB] = view.seatsSwapped ? [round.match.agentB, round.match.agentA] : [round.match.agentA, round.match.agentB];
    expect(reveal).toMatchObject({
      roundId: next.roundId,
      matchId: round.matchId,
      agents: { A: { id: shownA.id, name: shownA.name }, B: { id: shownB.id, name: shownB.name } },
      vote: { verdict: "A_MUCH_BETTER", reason: "more entities" },
    });
    const token = round.verdictToken!.slice(2, -2);
    const mirrored = token.startsWith("A_") ? `B_${token.slice(2)}` : `A_${token.slice(2)}`;
    expect(reveal.examiner.verdict).toBe(view.seatsSwapped ? mirrored : token);
    expect(revealSchema.parse(await (await call(`/api/votes/${next.roundId}/reveal`, voter)).json())).toEqual(reveal);
    const again = await call("/api/votes", voter, { body: { roundId: next.roundId, verdict: "TIE" } });
    expect(again.status).toBe(409);
    expect(await errorCode(again)).toBe("conflict");
    // Not served to this voter: 404; malformed: 400; oversized: 413. Nothing stored by any.
    const stranger = await account("auditor");
    expect((await call("/api/votes", stranger, { body: { roundId: next.roundId, verdict: "TIE" } })).status).toBe(404);
    expect((await call("/api/votes", stranger, { body: { roundId: next.roundId, verdict: "A" } })).status).toBe(400);
    expect((await call("/api/votes", stranger, { raw: "{not json" })).status).toBe(400);
    expect(
      (await call("/api/votes", stranger, { body: { roundId: next.roundId, verdict: "TIE", reason: "x".repeat(40_000) } })).status,
    ).toBe(413);
    expect(await db.vote.count({ where: { voterId: stranger.id } })).toBe(0);
  });

  it("never serves a round twice, nor a round of the voter's own agent", async () => {
    const gammaOwnerId = (await db.agent.findUniqueOrThrow({ where: { id: w.agents.get("gamma-api")! } })).ownerId!;
    const owner = { id: gammaOwnerId, headers: { authorization: `Bearer ${(await createApiToken(db, gammaOwnerId, "votes")).token}` } };
    const seen: string[] = [];
    for (;;) {
      const res = await call("/api/votes/next", owner);
      if (res.status === 404) {
        expect(await errorCode(res)).toBe("not_found");
        break;
      }
      const next = nextVoteSchema.parse(await res.json());
      seen.push(next.roundId);
      expect((await call("/api/votes", owner, { body: { roundId: next.roundId, verdict: "B_BETTER" } })).status).toBe(201);
    }
    expect(seen.sort()).toEqual([...rounds].sort());
    expect(seen.some((id) => ownRounds.includes(id))).toBe(false);
  });

  it("over the account's or the address's daily limit a vote is 429 and nothing is written", async () => {
    const busy = await account("owner", "token");
    const fillers = await Promise.all(
      Array.from({ length: VOTE_LIMITS.perAccount }, () =>
        plantRound(db, w, { a: "alpha-api", b: "beta-api", token: "[[Tie]]", voided: true }),
      ),
    );
    await db.vote.createMany({ data: fillers.map((roundId) => ({ roundId, voterId: busy.id, verdict: "TIE", seatsSwapped: false })) });
    const next = nextVoteSchema.parse(await (await call("/api/votes/next", busy)).json());
    const res = await call("/api/votes", busy, { body: { roundId: next.roundId, verdict: "TIE" } });
    expect(res.status).toBe(429);
    expect(await errorCode(res)).toBe("rate_limited");
    expect(await db.vote.count({ where: { roundId: next.roundId, voterId: busy.id } })).toBe(0);

    // The address: the votes from this client (127.0.0.1) are counted by the keyed hash the server stored.
    const first = await account("owner");
    const n1 = nextVoteSchema.parse(await (await call("/api/votes/next", first)).json());
    expect((await call("/api/votes", first, { body: { roundId: n1.roundId, verdict: "TIE" } })).status).toBe(201);
    const { addressHash } = await db.vote.findUniqueOrThrow({ where: { roundId_voterId: { roundId: n1.roundId, voterId: first.id } } });
    expect(addressHash).toMatch(/^[0-9a-f]{64}$/);
    expect(addressHash).not.toContain("127.0.0.1");
    const crowd = await Promise.all(Array.from({ length: VOTE_LIMITS.perAddress / VOTE_LIMITS.perAccount }, () => createUser(db, "owner")));
    await db.vote.createMany({
      data: crowd.flatMap((u) => fillers.map((roundId) => ({ roundId, voterId: u.id, verdict: "TIE", seatsSwapped: false, addressHash }))),
    });
    const second = await account("owner");
    const n2 = nextVoteSchema.parse(await (await call("/api/votes/next", second)).json());
    const limited = await call("/api/votes", second, { body: { roundId: n2.roundId, verdict: "TIE" } });
    expect(limited.status).toBe(429);
    expect(apiErrorSchema.parse(await limited.json()).error.message).toContain("address");
    expect(await db.vote.count({ where: { voterId: second.id } })).toBe(0);
    await db.vote.deleteMany({ where: { roundId: { in: fillers } } });
  });

  it("spans: shown seats mapped, offsets checked (422), only the author deletes (404 for others)", async () => {
    const reader = await account("owner", "token");
    const next = nextVoteSchema.parse(await (await call("/api/votes/next", reader)).json());
    const end = next.answers.A.indexOf(":");
    const res = await call("/api/spans", reader, {
      body: { roundId: next.roundId, seat: "A", seats: "shown", start: 0, end, label: "unsupported", comment: "no source" },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const span = spanViewSchema.parse(await res.json());
    expect(span).toMatchObject({ seat: "A", seats: "shown", quote: next.answers.A.slice(0, end), comment: "no source" });
    const view = await db.voteView.findUniqueOrThrow({ where: { roundId_voterId: { roundId: next.roundId, voterId: reader.id } } });
    expect((await db.span.findUniqueOrThrow({ where: { id: span.id } })).seat).toBe(view.seatsSwapped ? "B" : "A");
    const bad = await call("/api/spans", reader, {
      body: { roundId: next.roundId, seat: "B", seats: "shown", start: 3, end: next.answers.B.length + 1, label: "wrong" },
    });
    expect(bad.status).toBe(422);
    expect(await errorCode(bad)).toBe("unprocessable");
    expect((await call("/api/spans", null, { body: { roundId: next.roundId, seat: "A", start: 0, end: 2, label: "wrong" } })).status).toBe(
      401,
    );
    const other = await account("owner");
    expect((await call(`/api/spans/${span.id}`, other, { method: "DELETE" })).status).toBe(404);
    expect((await call(`/api/spans/${span.id}`, reader, { method: "DELETE" })).status).toBe(200);
    expect(await db.span.count({ where: { id: span.id } })).toBe(0);
    // Match seats on the round served and not yet voted would say which shown seat is match A: 409 until the vote.
    const byMatchSeat = { roundId: next.roundId, seat: "B", seats: "match", start: 0, end: 5, label: "insightful" };
    const early = await call("/api/spans", reader, { body: byMatchSeat });
    expect(early.status).toBe(409);
    expect(await errorCode(early)).toBe("conflict");
    expect((await call("/api/votes", reader, { body: { roundId: next.roundId, verdict: "TIE" } })).status).toBe(201);
    const keep = await call("/api/spans", reader, { body: byMatchSeat });
    expect(keep.status).toBe(201);
    const lines = (await (await call("/api/spans.jsonl", null)).text())
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.find((l) => l.round_id === next.roundId)).toMatchObject({ seat: "B", start: 0, end: 5, label: "insightful" });
    expect(JSON.stringify(lines)).not.toContain(reader.id);
  });

  it("admins exclude and include a voter; votes.jsonl carries counted votes only and `arena ratings` fits it", async () => {
    const voter = await account("owner");
    const admin = await account("admin");
    const voted = await db.vote.count({ where: { voterId: voter.id } });
    expect(voted).toBe(0);
    const next = nextVoteSchema.parse(await (await call("/api/votes/next", voter)).json());
    expect(
      (await call("/api/votes", voter, { body: { roundId: next.roundId, verdict: "B_BETTER", reason: "a reason only the voter wrote" } }))
        .status,
    ).toBe(201);
    const readLines = async () => {
      const res = await call(`/api/votes.jsonl?examiner=${w.examinerConfigId}`, null);
      expect(res.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
      const text = await res.text();
      return {
        text,
        lines: text
          .trimEnd()
          .split("\n")
          .filter(Boolean)
          .map((l) => voteLineSchema.parse(JSON.parse(l))),
      };
    };
    const before = await readLines();
    expect(before.lines.some((l) => l.round_id === next.roundId && l.judge === "human")).toBe(true);
    expect(before.text).not.toContain(voter.id);
    // The public export names no account and carries no reason.
    const { email } = await db.user.findUniqueOrThrow({ where: { id: voter.id }, select: { email: true } });
    expect(before.text).not.toContain(email);
    expect(before.text).not.toContain("a reason only the voter wrote");

    expect((await call(`/api/votes/voters/${voter.id}/exclusion`, voter, { body: { reason: "trying" } })).status).toBe(403);
    expect((await call(`/api/votes/voters/${voter.id}/exclusion`, admin, { body: { reason: "votes without reading" } })).status).toBe(200);
    const voters = z
      .array(z.object({ voterId: z.string(), excluded: z.object({ reason: z.string() }).nullable() }).loose())
      .parse(await (await call("/api/votes/voters", admin)).json());
    expect(voters.find((v) => v.voterId === voter.id)!.excluded).toMatchObject({ reason: "votes without reading" });
    expect((await call("/api/votes/voters", voter)).status).toBe(403);
    const during = await readLines();
    expect(during.lines).toHaveLength(before.lines.length - 1);
    expect((await call(`/api/votes/voters/${voter.id}/exclusion`, admin, { method: "DELETE" })).status).toBe(200);
    expect((await call(`/api/votes/voters/${voter.id}/exclusion`, admin, { method: "DELETE" })).status).toBe(404);
    const after = await readLines();
    expect(after.lines).toHaveLength(before.lines.length);

    // The export fits like the examiner's battles: one battle per counted vote, the agents as models.
    const file = join(mkdtempSync(join(tmpdir(), "votes-")), "votes.jsonl");
    writeFileSync(file, after.text);
    const fitted = await arenaCommand(["ratings", "--input", file, "--json"]);
    expect(fitted.code, fitted.stderr).toBe(0);
    expect(fitted.stderr).toBe("");
    const ratings = z
      .object({ ratings: z.array(z.object({ model: z.string(), games: z.number() }).loose()) })
      .parse(JSON.parse(fitted.stdout)).ratings;
    const models = new Set(after.lines.flatMap((l) => [l.model_a, l.model_b]));
    expect(ratings.map((r) => r.model).sort()).toEqual([...models].sort());
    expect(ratings.reduce((n, r) => n + r.games, 0)).toBe(2 * after.lines.length);
  });

  it("the leaderboard's flagged-passages column: the JSON rows, the CSV and readAgentSpanRates give one figure", async () => {
    await plantWidths(db, w, { "alpha-api": 200, "beta-api": 200, "gamma-api": 200 });
    const reader = await account("owner");
    const next = nextVoteSchema.parse(await (await call("/api/votes/next", reader)).json());
    // Match seats once the reader voted (before, they would reveal the shown seats' swap).
    expect((await call("/api/votes", reader, { body: { roundId: next.roundId, verdict: "TIE" } })).status).toBe(201);
    const marked = await call("/api/spans", reader, {
      body: { roundId: next.roundId, seat: "A", seats: "match", start: 0, end: 5, label: "wrong" },
    });
    expect(marked.status).toBe(201);
    const round = await db.round.findUniqueOrThrow({ where: { id: next.roundId }, select: { match: { select: { agentAId: true } } } });
    const alpha = round.match.agentAId;
    const rate = (await readAgentSpanRates(db)).find((r) => r.agentId === alpha)!;
    expect(rate.flagged).toBeGreaterThan(0);
    expect(rate.perThousandWords).toBeGreaterThan(0);
    const board = z
      .object({ rows: z.array(z.object({ agentId: z.string(), flaggedPer1k: z.number().nullable() })) })
      .parse(await (await call(`/api/leaderboard?examiner=${w.examinerConfigId}`, null)).json());
    expect(board.rows.find((r) => r.agentId === alpha)?.flaggedPer1k).toBe(rate.perThousandWords);
    const [header, ...lines] = (await (await call(`/api/leaderboard.csv?examiner=${w.examinerConfigId}`, null)).text())
      .trimEnd()
      .split("\r\n");
    const column = header!.split(",").indexOf("flagged_per_1k_words");
    expect(column).toBeGreaterThan(0);
    const name = [...w.agents].find(([, id]) => id === alpha)![0];
    const alphaLine = lines.find((l) => l.split(",")[1] === name)!;
    expect(Number(alphaLine.split(",")[column])).toBe(Math.round(100 * rate.perThousandWords!) / 100);
  });
});
