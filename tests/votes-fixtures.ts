/**
 * Data for the vote tests, written straight into PostgreSQL so every verdict, answer and owner is
 * known: agents, completed one-round matches judged with a chosen token, auditors' C1 verdicts
 * (gold rounds) and an examiner-wide rating snapshot with chosen interval widths.
 */
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "@arena/db";

export interface VoteWorld {
  examinerConfigId: string;
  treeId: string;
  /** Agent ids by name. */
  agents: Map<string, string>;
}

export async function voteWorld(db: PrismaClient, names: string[], opts: { owners?: Record<string, string> } = {}): Promise<VoteWorld> {
  const tag = randomBytes(3).toString("hex");
  const config = await db.examinerConfig.create({ data: { name: `votes-${tag}`, mode: "heuristic" } });
  const tree = await db.tree.create({ data: { rootUrl: `https://votes-${tag}.example/`, title: "vote tree", source: "synthetic" } });
  const agents = new Map<string, string>();
  for (const name of names) {
    const a = await db.agent.create({ data: { name, protocol: "simulated", status: "healthy", ownerId: opts.owners?.[name] ?? null } });
    agents.set(name, a.id);
  }
  return { examinerConfigId: config.id, treeId: tree.id, agents };
}

export interface PlantedRound {
  a: string;
  b: string;
  /** The examiner's token, e.g. "[[A_MUCH_BETTER]]". */
  token: string;
  answerA?: string;
  answerB?: string;
  question?: string;
  reasoning?: string;
  voided?: boolean;
  forfeit?: "A" | "B";
}

/** A completed match of one judged round; returns the round id. */
export async function plantRound(db: PrismaClient, w: VoteWorld, r: PlantedRound): Promise<string> {
  const n = randomBytes(4).toString("hex");
  const match = await db.match.create({
    data: {
      treeId: w.treeId,
      agentAId: w.agents.get(r.a)!,
      agentBId: w.agents.get(r.b)!,
      examinerConfigId: w.examinerConfigId,
      examinerMode: "heuristic",
      seed: n,
      status: "completed",
      winner: r.token.startsWith("[[A_") ? "A" : r.token.startsWith("[[B_") ? "B" : "tie",
      rounds: 1,
      finishedAt: new Date(),
    },
  });
  const round = await db.round.create({
    data: {
      matchId: match.id,
      number: 1,
      depth: 1,
      width: 1,
      pathNodeIds: [],
      pathUrls: [],
      question: r.question ?? `Question ${n}: which hidden entities connect?`,
      wordLimitInstruction: "Answer in at most 300 words.",
      answerA: r.answerA ?? `First answer (${n}): the first entity and the second entity.`,
      answerB: r.answerB ?? `Second answer (${n}): only the first entity.`,
      verdictToken: r.token,
      verdict: { verdict: r.token, reasoning: r.reasoning ?? `Answer A covers more than Answer B. ${r.token}` },
      scoreA: 0,
      scoreB: 0,
      examinerMode: "heuristic",
      voided: r.voided ?? false,
      forfeit: r.forfeit ?? null,
    },
  });
  return round.id;
}

/** An auditor's C1 on a round (in match seats): with a decisive token naming the same winner, the round is gold. */
export async function auditVerdict(db: PrismaClient, roundId: string, auditorId: string, ownVerdict: string): Promise<void> {
  const queue = await db.auditQueue.create({
    data: { name: `q-${randomBytes(3).toString("hex")}`, sampling: "random", size: 1, seed: "s", closedAt: new Date() },
  });
  const item = await db.auditItem.create({ data: { queueId: queue.id, roundId, ordinal: 0, seatsSwapped: false } });
  await db.annotation.create({
    data: {
      itemId: item.id,
      roundId,
      auditorId,
      seatsSwapped: false,
      deepValidity: "yes",
      wideValidity: "yes",
      checklistFacts: "correct",
      ownVerdict,
    },
  });
}

/** An examiner-wide snapshot giving each named agent the interval width given. */
export async function plantWidths(db: PrismaClient, w: VoteWorld, widths: Record<string, number>): Promise<void> {
  const ratings = Object.entries(widths).map(([name, width]) => ({
    agentId: w.agents.get(name)!,
    name,
    rating: 1000,
    lower: 1000 - width / 2,
    upper: 1000 + width / 2,
    rank: 1,
    games: 4,
    wins: 2,
    losses: 2,
    ties: 0,
    elo: 1000,
  }));
  await db.ratingSnapshot.create({ data: { examinerConfigId: w.examinerConfigId, matchesCounted: 1, ratings, ciMethod: "bootstrap" } });
}
