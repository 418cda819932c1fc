import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { PrismaClient } from "@arena/db";
import { createApiToken } from "@arena/db/accounts";
import { startWorkers, type RunningWorkers } from "@arena/runtime";
import { nextVoteSchema, peopleLeaderboardSchema, voteLineSchema, voterRowSchema, type VoteVerdict } from "@arena/votes/read";
import { PEOPLE_CSV_COLUMNS } from "@arena/votes/people-columns";
import { leaderboardSchema } from "../../apps/web/src/lib/api/routes";
import { createUser, PASSWORD } from "../accounts/fixtures";
import { freshDb, waitFor } from "../helpers/arena";
import { arenaCommand, signIn, sharedWeb, type SharedWeb } from "../helpers/web";
import { flushRedis } from "../tournament-fixtures";
import { alwaysACountedChance } from "./gold-chance";
import { plantJudgedRounds, type PlantedRounds } from "./planted-rounds";
import { runVoters, type VoteClient, type VoterKind } from "./simulated-voters";

/**
 * The people's leaderboard end to end, through the HTTP API of the built web app on PostgreSQL
 * with the workers running: 40 careful voters who prefer the stronger answer with noise, 5 random
 * voters and one who always votes A vote on planted judged rounds (five agents, a planted strength
 * order, gold rounds an auditor confirmed). The people's leaderboard recovers the planted order,
 * the always-A voter is caught by the gold rounds and left out, and the agreement figure equals
 * a computation of our own on the exports: votes.jsonl and the auditors' verdicts, fitted by
 * `arena ratings` (which reads votes.jsonl as it reads battles), ρ, κ and the counts by hand.
 */

/** Average ranks (ties share their mean rank), then Pearson: Spearman's ρ written out here, not core's. */
function ownSpearman(x: readonly number[], y: readonly number[]): number {
  const ranks = (v: readonly number[]) => {
    const sorted = [...v].sort((a, b) => a - b);
    return v.map((value) => {
      const first = sorted.indexOf(value);
      const last = sorted.lastIndexOf(value);
      return (first + last) / 2 + 1;
    });
  };
  const [rx, ry] = [ranks(x), ranks(y)];
  const mean = (v: number[]) => v.reduce((s, e) => s + e, 0) / v.length;
  const [mx, my] = [mean(rx), mean(ry)];
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < rx.length; i++) {
    sxy += (rx[i]! - mx) * (ry[i]! - my);
    sxx += (rx[i]! - mx) ** 2;
    syy += (ry[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/** Cohen's κ over paired labels, written out here. */
function ownKappa(pairs: readonly (readonly [string, string])[]): number {
  const n = pairs.length;
  const agree = pairs.filter(([a, b]) => a === b).length / n;
  const labels = new Set(pairs.flat());
  let chance = 0;
  for (const l of labels) chance += (pairs.filter((p) => p[0] === l).length / n) * (pairs.filter((p) => p[1] === l).length / n);
  return (agree - chance) / (1 - chance);
}

const ALWAYS_A_VOTES = 40;

const outcome = (v: string) => (v.startsWith("A_") ? "A" : v.startsWith("B_") ? "B" : "tie");

const annotationLine = z.object({ matchId: z.string(), ownVerdict: z.string(), examinerVerdict: z.string() });
const matchAgents = z.object({ agentA: z.object({ name: z.string() }), agentB: z.object({ name: z.string() }) });
const cliRatings = z.object({ ratings: z.array(z.object({ model: z.string(), rating: z.number(), games: z.number() })) });

describe("people's leaderboard, simulated through the HTTP API", () => {
  let db: PrismaClient;
  let web: SharedWeb;
  let workers: RunningWorkers;
  let planted: PlantedRounds;
  let adminCookie: string;
  let adminEmail: string;
  const voters: { id: string; kind: VoterKind; votes: number; token: string; email: string }[] = [];
  let cast = 0;

  beforeAll(async () => {
    db = await freshDb();
    await flushRedis();
    planted = await plantJudgedRounds(db, { agents: 5 });
    const kinds: [VoterKind, number, number][] = [
      ["careful", 40, 9],
      ["random", 5, 9],
      // 40 votes: an always-A voter is still counted with fewer than 4 gold votes or at exactly 5
      // (3 of 5 is 0.6, docs/voting.md); the test below checks that this stays rare with the planted
      // pool (alwaysACountedChance: about 6 % at 24 votes, 0.4 % at 40).
      ["alwaysA", 1, ALWAYS_A_VOTES],
    ];
    for (const [kind, count, votes] of kinds) {
      for (let k = 0; k < count; k++) {
        const email = `${kind}-${k}@simulation.test`;
        const user = await createUser(db, "owner", email);
        voters.push({ id: user.id, kind, votes, email, token: (await createApiToken(db, user.id, "simulation")).token });
      }
    }
    adminEmail = (await createUser(db, "admin", "admin@simulation.test")).email;
    web = await sharedWeb();
    workers = await startWorkers(db, { matchConcurrency: 1, reconcileEveryMs: 500 });
    adminCookie = await signIn(web.url, adminEmail, PASSWORD);

    const tokenOf = new Map(voters.map((v) => [v.id, v.token]));
    const auth = (id: string) => ({ authorization: `Bearer ${tokenOf.get(id)}` });
    const client: VoteClient = {
      next: async (id) => {
        const res = await fetch(`${web.url}/api/votes/next`, { headers: auth(id) });
        if (res.status === 404) return null;
        expect(res.status, await res.clone().text()).toBe(200);
        return nextVoteSchema.parse(await res.json());
      },
      vote: async (id, roundId, verdict: VoteVerdict) => {
        const res = await fetch(`${web.url}/api/votes`, {
          method: "POST",
          headers: { ...auth(id), "content-type": "application/json" },
          body: JSON.stringify({ roundId, verdict }),
        });
        expect(res.status, await res.clone().text()).toBe(201);
      },
    };
    cast = await runVoters(client, voters, 7);
  }, 600_000);

  afterAll(async () => {
    await workers?.close();
    await flushRedis();
    await db?.$disconnect();
  });

  const getJson = async <S extends z.ZodType>(path: string, schema: S, headers: Record<string, string> = {}): Promise<z.output<S>> => {
    const res = await fetch(`${web.url}${path}`, { headers });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
    return schema.parse(await res.json());
  };
  const text = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${web.url}${path}`, { headers });
    expect(res.status, path).toBe(200);
    return res.text();
  };

  /** The people's leaderboard once the workers have counted every exported vote and auditor's verdict. */
  async function settledBoard() {
    const exported = (await text("/api/votes.jsonl")).trim().split("\n").filter(Boolean).length;
    return waitFor(
      async () => {
        const board = await getJson("/api/leaderboard?by=people", peopleLeaderboardSchema);
        return board.snapshot?.votesCounted === exported + planted.goldRounds && board;
      },
      "the workers' people's snapshot of every vote",
      60_000,
    );
  }

  it("every vote went through: 40 careful, 5 random and one always-A voter", () => {
    expect(cast).toBe(40 * 9 + 5 * 9 + ALWAYS_A_VOTES);
  });

  it("the always-A voter is caught by the gold rounds and left out; the careful voters mostly count", async () => {
    const rows = await getJson("/api/votes/voters", z.array(voterRowSchema), { cookie: adminCookie });
    // The chance of the planted pool letting it through (a flake, not a bug) stays under 1 %.
    const pool = { gold: planted.goldRounds, other: planted.rounds - planted.goldRounds };
    expect(alwaysACountedChance(ALWAYS_A_VOTES, pool)).toBeLessThan(0.01);
    const alwaysA = rows.find((r) => r.email.toLowerCase() === "alwaysa-0@simulation.test")!;
    expect(alwaysA.votes).toBe(ALWAYS_A_VOTES);
    expect(alwaysA.goldVotes).toBeGreaterThanOrEqual(4);
    expect(alwaysA.belowThreshold).toBe(true);
    const careful = rows.filter((r) => r.email.startsWith("careful-"));
    expect(careful.filter((r) => !r.belowThreshold).length).toBeGreaterThanOrEqual(30);
    const board = await settledBoard();
    expect(board.agreement!.leftOut.lowGold).toBeGreaterThanOrEqual(ALWAYS_A_VOTES);
  });

  it("the people's leaderboard recovers the planted order (Spearman ≥ 0.9)", async () => {
    const board = await settledBoard();
    expect(board.rows).toHaveLength(planted.order.length);
    const place = (id: string) => board.rows.findIndex((r) => r.agentId === id);
    const rho = ownSpearman(
      planted.order.map((_, k) => k),
      planted.order.map(place),
    );
    expect(rho).toBeGreaterThanOrEqual(0.9);
  });

  it("the agreement figure equals our own computation on the exports (votes.jsonl and the auditors' verdicts)", async () => {
    const board = await settledBoard();
    const a = board.agreement!;
    expect(a.enough).toBe(true);
    expect(board.agreementLine).toMatch(/^agrees with people: ρ -?\d\.\d\d \[-?\d\.\d\d, -?\d\.\d\d\], [\d,]+ votes$/);

    // The exports: people's counted votes, and the auditors' own verdicts with their matches' agents.
    const votes = (await text("/api/votes.jsonl"))
      .trim()
      .split("\n")
      .map((l) => voteLineSchema.parse(JSON.parse(l)));
    const annotations = (await text("/api/audit/annotations.jsonl", { cookie: adminCookie }))
      .trim()
      .split("\n")
      .map((l) => annotationLine.parse(JSON.parse(l)));
    expect(annotations).toHaveLength(planted.goldRounds);
    const c1: { model_a: string; model_b: string; winner: string; verdict: string; examiner: string }[] = [];
    for (const an of annotations) {
      const { agentA, agentB } = matchAgents.parse(await (await fetch(`${web.url}/api/matches/${an.matchId}`)).json());
      const w = outcome(an.ownVerdict);
      c1.push({
        model_a: agentA.name,
        model_b: agentB.name,
        winner: w === "A" ? "model_a" : w === "B" ? "model_b" : "tie",
        verdict: an.ownVerdict,
        examiner: an.examinerVerdict,
      });
    }

    // Fitted by the public tool, as anyone with the exports would.
    const dir = mkdtempSync(join(tmpdir(), "people-sim-"));
    const file = join(dir, "people.jsonl");
    writeFileSync(file, [...votes, ...c1].map((l) => JSON.stringify(l)).join("\n"));
    const fitted = await arenaCommand(["ratings", "--input", file, "--json", "--seed", "7", "--bootstrap", "200"]);
    expect(fitted.code, fitted.stderr).toBe(0);
    expect(fitted.stderr).not.toMatch(/skipped/);
    const people = cliRatings.parse(JSON.parse(fitted.stdout)).ratings;

    // Against the examiner's ratings the leaderboard API serves, over agents with enough verdicts.
    const examiner = await getJson(`/api/leaderboard?examiner=${planted.examinerConfigId}`, leaderboardSchema);
    const examinerRating = new Map(examiner.rows.map((r) => [r.name, r.rating]));
    const compared = people.filter((p) => p.games >= a.minimum.votesPerAgent && examinerRating.has(p.model));
    expect(a.agents).toBe(compared.length);
    const names = new Set(compared.map((p) => p.model));
    expect(a.votes).toBe([...votes, ...c1].filter((l) => names.has(l.model_a) && names.has(l.model_b)).length);
    const rho = ownSpearman(
      compared.map((p) => examinerRating.get(p.model)!),
      compared.map((p) => p.rating),
    );
    expect(a.spearman!.value).toBeCloseTo(rho, 12);
    expect(a.spearman!.lower).toBeLessThanOrEqual(a.spearman!.upper);

    // κ between the examiner's verdict and each counted verdict on the same round, win/loss/tie.
    const pairs = [
      ...votes.flatMap((v) => (v.examiner_verdict ? [[outcome(v.examiner_verdict), outcome(v.verdict)] as const] : [])),
      ...c1.map((c) => [outcome(c.examiner), outcome(c.verdict)] as const),
    ];
    expect(a.kappa!.n).toBe(pairs.length);
    expect(a.kappa!.value).toBeCloseTo(ownKappa(pairs), 12);
    expect(a.sources).toEqual({ votes: votes.length, audits: planted.goldRounds });
  });

  it("the examiner's leaderboard header carries the same line; the CSV by=people has the people's columns", async () => {
    const board = await settledBoard();
    const scoped = await waitFor(async () => {
      const b = await getJson(`/api/leaderboard?by=people&examiner=${planted.examinerConfigId}`, peopleLeaderboardSchema);
      return b.snapshot?.votesCounted === board.snapshot?.votesCounted && b;
    }, "the configuration's people's snapshot");
    const html = await text(`/?examiner=${planted.examinerConfigId}`);
    expect(html).toContain(scoped.agreementLine.replaceAll("&", "&amp;"));
    const page = await text(`/leaderboard?by=people&examiner=${planted.examinerConfigId}`);
    for (const r of scoped.rows) expect(page).toContain(r.name);
    const csv = (await text("/api/leaderboard.csv?by=people")).trim().split("\r\n");
    expect(csv[0]).toBe(PEOPLE_CSV_COLUMNS.join(","));
    expect(csv).toHaveLength(board.rows.length + 1);
    const tournamentScoped = await fetch(`${web.url}/api/leaderboard?by=people&tournament=anything`);
    expect(tournamentScoped.status).toBe(400);
    expect((await fetch(`${web.url}/api/leaderboard?by=people&examiner=nope`)).status).toBe(404);
  });
});
