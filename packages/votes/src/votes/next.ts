import { z } from "zod";
import type { Prisma, PrismaClient } from "@arena/db";
import { DEFAULT_INTERVAL_WIDTH, GOLD } from "../options";
import { nextVoteSchema, type NextVote } from "../read/votes";
import { eligibleRound, goldRound, lockKey, VOTER_LOCK, VOTES_TX } from "./rounds";

type Tx = Prisma.TransactionClient;
type Random = () => number;

interface Candidate {
  id: string;
  agentAId: string;
  agentBId: string;
  gold: boolean;
  votes: number;
  /** The match seat the examiner's decisive verdict names (gold rounds only). */
  goldWinner: "A" | "B" | null;
}

/**
 * The round this voter votes on next, in their seats, or null when none is left. A round served
 * and not voted on yet is served again (a reload does not use rounds up) while it stays eligible.
 * Otherwise: a gold round at the rate of docs/voting.md when one is left, else the agent pair with
 * the fewest counted votes relative to its rating uncertainty; seats drawn at random for this
 * voter and round and recorded in VoteView, so the vote maps back. Nothing of the agents, the
 * match or the examiner's verdict is read into the answer.
 */
export async function nextVoteRound(db: PrismaClient, input: { voterId: string; random?: Random }): Promise<NextVote | null> {
  const { voterId } = input;
  const random = input.random ?? Math.random;
  return db.$transaction(async (tx) => {
    await lockKey(tx, VOTER_LOCK, voterId);
    const open = await openRound(tx, voterId);
    if (open) return shown(tx, open.roundId, open.seatsSwapped);
    const candidates = await candidatesFor(tx, voterId);
    if (candidates.length === 0) return null;
    const gold = await goldServed(tx, voterId);
    const golds = candidates.filter((c) => c.gold);
    const rest = candidates.filter((c) => !c.gold);
    const wantGold = golds.length > 0 && (rest.length === 0 || random() < (gold.served < GOLD.minVotes ? GOLD.earlyRate : GOLD.rate));
    const pool = wantGold ? golds : rest;
    const round = pickRound(pool, await pairPriority(tx, pool), random);
    const seatsSwapped = round.gold ? balancedSeats(round.goldWinner!, gold, random) : random() < 0.5;
    await tx.voteView.create({ data: { roundId: round.id, voterId, seatsSwapped } });
    return shown(tx, round.id, seatsSwapped);
  }, VOTES_TX);
}

/** The voter's served round without their vote, if it is still one they may vote on. */
async function openRound(tx: Tx, voterId: string): Promise<{ roundId: string; seatsSwapped: boolean } | null> {
  const rows = await tx.$queryRaw<{ roundId: string; seatsSwapped: boolean }[]>`
    SELECT vv."roundId", vv."seatsSwapped" FROM "VoteView" vv JOIN "Round" r ON r.id = vv."roundId" JOIN "Match" m ON m.id = r."matchId"
    WHERE vv."voterId" = ${voterId} AND NOT EXISTS (SELECT 1 FROM "Vote" v WHERE v."roundId" = vv."roundId" AND v."voterId" = ${voterId})
      AND ${eligibleRound(voterId)}
    ORDER BY vv."createdAt" DESC LIMIT 1`;
  return rows[0] ?? null;
}

async function candidatesFor(tx: Tx, voterId: string): Promise<Candidate[]> {
  const rows = await tx.$queryRaw<{ id: string; agentAId: string; agentBId: string; gold: boolean; votes: number; token: string }[]>`
    SELECT r.id, m."agentAId", m."agentBId", ${goldRound} AS gold, r."verdictToken" AS token,
      (SELECT count(*)::int FROM "Vote" v WHERE v."roundId" = r.id) AS votes
    FROM "Round" r JOIN "Match" m ON m.id = r."matchId"
    WHERE ${eligibleRound(voterId)}
      AND NOT EXISTS (SELECT 1 FROM "VoteView" vv WHERE vv."roundId" = r.id AND vv."voterId" = ${voterId})`;
  return rows.map((r) => ({ ...r, goldWinner: r.gold ? (r.token.startsWith("[[A_") ? "A" : "B") : null }));
}

interface GoldServed {
  served: number;
  /** Of those, how many showed the examiner's winner in seat A. */
  winnerShownA: number;
}

async function goldServed(tx: Tx, voterId: string): Promise<GoldServed> {
  const [row] = await tx.$queryRaw<{ served: number; shownA: number }[]>`
    SELECT count(*)::int AS served,
      count(*) FILTER (WHERE (r."verdictToken" = '[[A_MUCH_BETTER]]') <> vv."seatsSwapped")::int AS "shownA"
    FROM "VoteView" vv JOIN "Round" r ON r.id = vv."roundId"
    WHERE vv."voterId" = ${voterId} AND ${goldRound}`;
  return { served: row?.served ?? 0, winnerShownA: row?.shownA ?? 0 };
}

/**
 * Seats of a gold round, balanced per voter: the examiner's winner is shown in seat A on half of
 * a voter's gold rounds (every second one evens the count, the others are drawn at random), so a
 * voter who always picks one seat agrees with the gold verdicts about half the time.
 */
function balancedSeats(winner: "A" | "B", served: GoldServed, random: Random): boolean {
  const shownA = served.served % 2 === 0 ? random() < 0.5 : served.winnerShownA * 2 < served.served;
  // Swapped exactly when the winner's match seat is not the seat it is to be shown in.
  return (winner === "A") !== shownA;
}

const storedRatingsSchema = z.array(
  z.object({ agentId: z.string(), lower: z.number(), upper: z.number(), unbounded: z.unknown().optional() }).loose(),
);

/**
 * Each pair's priority: (counted votes on the pair + 1) / (the two agents' interval widths), lower
 * first. A width is the agent's 95 % interval (upper − lower) in the newest examiner-wide rating
 * snapshot that rates it; an agent without a finite one gets the widest known or DEFAULT_INTERVAL_WIDTH.
 */
async function pairPriority(tx: Tx, pool: Candidate[]): Promise<(c: Candidate) => number> {
  const counts = await tx.$queryRaw<{ a: string; b: string; n: number }[]>`
    SELECT LEAST(m."agentAId", m."agentBId") AS a, GREATEST(m."agentAId", m."agentBId") AS b, count(*)::int AS n
    FROM "Vote" v JOIN "Round" r ON r.id = v."roundId" JOIN "Match" m ON m.id = r."matchId"
    WHERE v."ownAgent" = false AND r.voided = false AND NOT EXISTS (SELECT 1 FROM "VoterExclusion" x WHERE x."voterId" = v."voterId")
    GROUP BY 1, 2`;
  const votes = new Map(counts.map((c) => [`${c.a}|${c.b}`, c.n]));
  const agents = new Set(pool.flatMap((c) => [c.agentAId, c.agentBId]));
  const widths = new Map<string, number>();
  const snaps = await tx.ratingSnapshot.findMany({
    where: { tournamentId: null },
    orderBy: { createdAt: "desc" },
    take: 50,
    select: { ratings: true },
  });
  for (const s of snaps) {
    const rows = storedRatingsSchema.safeParse(s.ratings);
    if (!rows.success) continue;
    for (const r of rows.data) {
      const w = r.upper - r.lower;
      if (agents.has(r.agentId) && !widths.has(r.agentId) && r.unbounded == null && Number.isFinite(w) && w > 0) widths.set(r.agentId, w);
    }
  }
  const fallback = Math.max(DEFAULT_INTERVAL_WIDTH, ...widths.values());
  const width = (id: string) => widths.get(id) ?? fallback;
  return (c) => ((votes.get(pairKey(c)) ?? 0) + 1) / (width(c.agentAId) + width(c.agentBId));
}

const pairKey = (c: Candidate) => (c.agentAId < c.agentBId ? `${c.agentAId}|${c.agentBId}` : `${c.agentBId}|${c.agentAId}`);

/** The pair of lowest priority (ties at random), then its round with the fewest votes (ties at random). */
function pickRound(pool: Candidate[], priority: (c: Candidate) => number, random: Random): Candidate {
  const pairs = [...new Set(lowest(pool, priority).map(pairKey))];
  const pair = pairs[Math.floor(random() * pairs.length)]!;
  const rounds = lowest(
    pool.filter((c) => pairKey(c) === pair),
    (c) => c.votes,
  );
  return rounds[Math.floor(random() * rounds.length)]!;
}

function lowest<T>(items: T[], key: (t: T) => number): T[] {
  const min = Math.min(...items.map(key));
  return items.filter((t) => key(t) === min);
}

/** The served round in the voter's seats: question, word limit and the two answers, nothing else. */
async function shown(tx: Tx, roundId: string, seatsSwapped: boolean): Promise<NextVote> {
  const r = await tx.round.findUniqueOrThrow({
    where: { id: roundId },
    select: { question: true, wordLimitInstruction: true, answerA: true, answerB: true },
  });
  const a = r.answerA ?? "";
  const b = r.answerB ?? "";
  return nextVoteSchema.parse({
    roundId,
    question: r.question ?? "",
    wordLimit: r.wordLimitInstruction,
    answers: seatsSwapped ? { A: b, B: a } : { A: a, B: b },
  });
}
