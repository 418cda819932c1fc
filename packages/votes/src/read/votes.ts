import { z } from "zod";
import { swapSeatsInText, verdictBattle } from "@arena/core";
import type { Db } from "@arena/db";
import { GOLD, VOTE_VERDICTS, type VoteVerdict } from "../options";
import { fromToken, inSeats } from "../votes/seats";

/**
 * Reads of people's votes: the reveal after a vote, the voters for admins, the votes that count
 * for the people's leaderboard and their public export (docs/voting.md).
 */

const verdict = z.enum(VOTE_VERDICTS);
const iso = (d: Date) => d.toISOString();

/** What GET /api/votes/next answers: the round in the voter's seats and nothing of agents, match or verdict. */
export const nextVoteSchema = z.object({
  roundId: z.string(),
  question: z.string(),
  wordLimit: z.string().nullable().describe("the word limit instruction the agents were given, or null"),
  answers: z.object({ A: z.string(), B: z.string() }).describe("the two answers in the seats this voter sees"),
});
export type NextVote = z.infer<typeof nextVoteSchema>;

const agentRef = z.object({ id: z.string(), name: z.string() });

/** After the vote: the agents, the examiner's verdict and reasoning and the vote, all in the seats the voter was shown. */
export const revealSchema = z.object({
  roundId: z.string(),
  matchId: z.string(),
  agents: z.object({ A: agentRef, B: agentRef }),
  examiner: z.object({ verdict: verdict.nullable(), reasoning: z.string().nullable() }),
  vote: z.object({ verdict, reason: z.string().nullable() }),
});
export type Reveal = z.infer<typeof revealSchema>;

const verdictJson = z.object({ reasoning: z.string().optional() }).loose();

/** The reveal of a stored vote: read only once the vote exists (callers check), so nothing reaches a voter before. */
export async function revealOf(
  db: Db,
  roundId: string,
  vote: { verdict: string; reason: string | null; seatsSwapped: boolean },
): Promise<Reveal> {
  const r = await db.round.findUniqueOrThrow({
    where: { id: roundId },
    select: {
      verdictToken: true,
      verdict: true,
      match: { select: { id: true, agentA: { select: { id: true, name: true } }, agentB: { select: { id: true, name: true } } } },
    },
  });
  const swapped = vote.seatsSwapped;
  const examiner = fromToken(r.verdictToken);
  const reasoning = verdictJson.safeParse(r.verdict).data?.reasoning?.trim() || null;
  return revealSchema.parse({
    roundId,
    matchId: r.match.id,
    agents: swapped ? { A: r.match.agentB, B: r.match.agentA } : { A: r.match.agentA, B: r.match.agentB },
    examiner: {
      verdict: examiner ? inSeats(examiner, swapped) : null,
      reasoning: reasoning && swapped ? swapSeatsInText(reasoning) : reasoning,
    },
    vote: { verdict: inSeats(verdict.parse(vote.verdict), swapped), reason: vote.reason },
  });
}

/** The reveal of a round this voter has voted on (for the page to show it again); null otherwise. */
export async function readReveal(db: Db, input: { voterId: string; roundId: string }): Promise<Reveal | null> {
  const vote = await db.vote.findUnique({
    where: { roundId_voterId: { roundId: input.roundId, voterId: input.voterId } },
    select: { verdict: true, reason: true, seatsSwapped: true },
  });
  return vote ? revealOf(db, input.roundId, vote) : null;
}

// ---------------------------------------------------------------- voters and gold agreement

interface GoldStats {
  votes: number;
  ownAgent: number;
  gold: number;
  agreed: number;
  last: Date | null;
}

async function voterStats(db: Db): Promise<Map<string, GoldStats>> {
  const rows = await db.$queryRaw<{ voterId: string; votes: number; ownAgent: number; gold: number; agreed: number; last: Date | null }[]>`
    SELECT "voterId", count(*)::int AS votes, count(*) FILTER (WHERE "ownAgent")::int AS "ownAgent",
      count(*) FILTER (WHERE gold)::int AS gold, count(*) FILTER (WHERE gold AND "goldAgreed")::int AS agreed, max("createdAt") AS last
    FROM "Vote" GROUP BY 1`;
  return new Map(rows.map(({ voterId, ...s }) => [voterId, s]));
}

/** Below the gold threshold: at least GOLD.minVotes gold votes and agreement with them under GOLD.minAgreement. */
export function belowGoldThreshold(s: { gold: number; agreed: number }): boolean {
  return s.gold >= GOLD.minVotes && s.agreed / s.gold < GOLD.minAgreement;
}

export const voterRowSchema = z.object({
  voterId: z.string(),
  name: z.string(),
  email: z.string(),
  votes: z.number().int(),
  ownAgentVotes: z.number().int().describe("votes on rounds of the voter's own agents: kept, never counted"),
  goldVotes: z.number().int(),
  goldAgreed: z.number().int(),
  goldAgreement: z.number().nullable().describe("share of gold votes naming the examiner's winner; null without gold votes"),
  belowThreshold: z
    .boolean()
    .describe(`at least ${GOLD.minVotes} gold votes and gold agreement below ${GOLD.minAgreement}: left out of the people's leaderboard`),
  excluded: z.object({ by: z.string(), reason: z.string(), at: z.string() }).nullable(),
  lastVoteAt: z.string().nullable(),
});
export type VoterRow = z.infer<typeof voterRowSchema>;

/** For admins: every account that voted or was excluded, most votes first. */
export async function readVoters(db: Db): Promise<VoterRow[]> {
  const stats = await voterStats(db);
  const exclusions = new Map((await db.voterExclusion.findMany()).map((x) => [x.voterId, x]));
  const ids = [...new Set([...stats.keys(), ...exclusions.keys()])];
  const users = new Map(
    (
      await db.user.findMany({
        where: { id: { in: [...ids, ...[...exclusions.values()].map((x) => x.excludedById)] } },
        select: { id: true, name: true, email: true },
      })
    ).map((u) => [u.id, u]),
  );
  return ids
    .flatMap((id) => {
      const u = users.get(id);
      if (!u) return [];
      const s = stats.get(id) ?? { votes: 0, ownAgent: 0, gold: 0, agreed: 0, last: null };
      const x = exclusions.get(id);
      return [
        voterRowSchema.parse({
          voterId: id,
          name: u.name,
          email: u.email,
          votes: s.votes,
          ownAgentVotes: s.ownAgent,
          goldVotes: s.gold,
          goldAgreed: s.agreed,
          goldAgreement: s.gold > 0 ? s.agreed / s.gold : null,
          belowThreshold: belowGoldThreshold(s),
          excluded: x ? { by: users.get(x.excludedById)?.email ?? "an admin", reason: x.reason, at: iso(x.createdAt) } : null,
          lastVoteAt: s.last ? iso(s.last) : null,
        }),
      ];
    })
    .sort((a, b) => b.votes - a.votes || a.email.localeCompare(b.email));
}

// ---------------------------------------------------------------- counted votes

export const countedVoteSchema = z.object({
  roundId: z.string(),
  matchId: z.string(),
  examinerConfigId: z.string(),
  agentAId: z.string(),
  agentBId: z.string(),
  verdict: verdict.describe("in match seats"),
  voterId: z.string(),
  examinerVerdict: verdict.nullable().describe("the examiner's verdict on the round, in match seats"),
  createdAt: z.string(),
});
export type CountedVote = z.infer<typeof countedVoteSchema>;

export const countedVotesSchema = z.object({
  votes: z.array(countedVoteSchema),
  /** Votes left out, each once, under the first of: owner, excluded, lowGold, voided. */
  leftOut: z.object({ owner: z.number().int(), excluded: z.number().int(), lowGold: z.number().int(), voided: z.number().int() }),
});
export type CountedVotes = z.infer<typeof countedVotesSchema>;

/**
 * The votes that count for the people's leaderboard, oldest first: not on the voter's own agent's
 * round, not of an admin-excluded voter, not of a voter below the gold threshold, not on a round
 * voided since. Of one examiner configuration's rounds, or all.
 */
export async function readCountedVotes(db: Db, params: { examinerConfigId?: string | undefined } = {}): Promise<CountedVotes> {
  const rows = await db.vote.findMany({
    where: params.examinerConfigId ? { round: { match: { examinerConfigId: params.examinerConfigId } } } : {},
    select: {
      roundId: true,
      voterId: true,
      verdict: true,
      ownAgent: true,
      createdAt: true,
      round: {
        select: {
          voided: true,
          verdictToken: true,
          matchId: true,
          match: { select: { examinerConfigId: true, agentAId: true, agentBId: true } },
        },
      },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const excluded = new Set((await db.voterExclusion.findMany({ select: { voterId: true } })).map((x) => x.voterId));
  const stats = await voterStats(db);
  const leftOut = { owner: 0, excluded: 0, lowGold: 0, voided: 0 };
  const votes: CountedVote[] = [];
  for (const v of rows) {
    const s = stats.get(v.voterId);
    const reason = v.ownAgent
      ? "owner"
      : excluded.has(v.voterId)
        ? "excluded"
        : s && belowGoldThreshold(s)
          ? "lowGold"
          : v.round.voided
            ? "voided"
            : null;
    if (reason) {
      leftOut[reason]++;
      continue;
    }
    votes.push({
      roundId: v.roundId,
      matchId: v.round.matchId,
      examinerConfigId: v.round.match.examinerConfigId,
      agentAId: v.round.match.agentAId,
      agentBId: v.round.match.agentBId,
      verdict: verdict.parse(v.verdict),
      voterId: v.voterId,
      examinerVerdict: fromToken(v.round.verdictToken),
      createdAt: iso(v.createdAt),
    });
  }
  return countedVotesSchema.parse({ votes, leftOut });
}

// ---------------------------------------------------------------- the public export

/**
 * One line of votes.jsonl: the public battle format (`model_a`, `model_b`, `winner`, as
 * /api/battles.jsonl, so `arena ratings` fits it) with `judge: "human"`, then the five-way verdict
 * and the examiner's (match seats), the round, match and examiner configuration, and the voter as
 * a pseudonym ("voter 3": numbered by first vote) — never an account, address or reason.
 */
export const voteLineSchema = z.object({
  model_a: z.string(),
  model_b: z.string(),
  winner: z.enum(["model_a", "model_b", "tie"]),
  judge: z.literal("human"),
  verdict,
  examiner_verdict: verdict.nullable(),
  round_id: z.string(),
  match_id: z.string(),
  examiner_config_id: z.string(),
  examiner_config: z.string(),
  voter: z.string(),
  created_at: z.string(),
});
export type VoteLine = z.infer<typeof voteLineSchema>;

/** The counted votes as votes.jsonl lines, oldest first (of one examiner configuration's rounds, or all). */
export async function votesJsonl(db: Db, params: { examinerConfigId?: string | undefined } = {}): Promise<VoteLine[]> {
  const { votes } = await readCountedVotes(db, params);
  const agents = new Map(
    (
      await db.agent.findMany({
        where: { id: { in: [...new Set(votes.flatMap((v) => [v.agentAId, v.agentBId]))] } },
        select: { id: true, name: true },
      })
    ).map((a) => [a.id, a.name]),
  );
  const configs = new Map((await db.examinerConfig.findMany({ select: { id: true, name: true } })).map((c) => [c.id, c.name]));
  const firsts = await db.vote.groupBy({ by: ["voterId"], _min: { createdAt: true } });
  const order = firsts
    .sort((a, b) => (a._min.createdAt?.getTime() ?? 0) - (b._min.createdAt?.getTime() ?? 0) || a.voterId.localeCompare(b.voterId))
    .map((f) => f.voterId);
  const pseudonym = new Map(order.map((id, i) => [id, `voter ${i + 1}`]));
  return votes.map((v) => {
    const [a, b] = [agents.get(v.agentAId) ?? v.agentAId, agents.get(v.agentBId) ?? v.agentBId];
    return voteLineSchema.parse({
      ...verdictBattle(a, b, v.verdict),
      judge: "human",
      verdict: v.verdict,
      examiner_verdict: v.examinerVerdict,
      round_id: v.roundId,
      match_id: v.matchId,
      examiner_config_id: v.examinerConfigId,
      examiner_config: configs.get(v.examinerConfigId) ?? v.examinerConfigId,
      voter: pseudonym.get(v.voterId) ?? "voter",
      created_at: v.createdAt,
    });
  });
}

export type { VoteVerdict };
