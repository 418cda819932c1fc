import { BattleAggregator, bootstrapRatings } from "@arena/core";
import type { Db } from "@arena/db";
import { z } from "zod";
import { fromToken } from "../votes/seats";
import { readCountedVotes } from "../read/votes";
import type { CountedVerdict, PeopleInputs } from "./compute";
import { EXAMINER_BOOTSTRAP_SEED, PEOPLE_BOOTSTRAP } from "./minimum";
import { peopleVerdictSchema } from "./schemas";

/**
 * Loads what the people's leaderboard of one scope is computed from (./compute.ts): the counted
 * votes (readCountedVotes leaves out owners', excluded and low-gold voters' votes) and auditors'
 * C1 verdicts on the scope's rounds, and the examiner's stored ratings they are compared with.
 */

/** An examiner configuration's rounds, or every round (null). */
export interface PeopleScope {
  examinerConfigId: string | null;
}

/**
 * Auditors' own verdicts (C1, blind, in match seats) on judged rounds that are not voided and not
 * forfeits, as people's verdicts. The rules of votes apply to them too: an auditor's verdict on a
 * round of their own agent, or of an account an admin excluded, is not counted, and a person who
 * also voted on the round counts once (the vote).
 */
async function auditVerdicts(db: Db, scope: PeopleScope, voted: ReadonlySet<string>): Promise<CountedVerdict[]> {
  const [rows, excluded] = await Promise.all([
    db.annotation.findMany({
      where: {
        round: {
          voided: false,
          forfeit: null,
          verdictToken: { not: null },
          ...(scope.examinerConfigId ? { match: { examinerConfigId: scope.examinerConfigId } } : {}),
        },
      },
      select: {
        roundId: true,
        auditorId: true,
        ownVerdict: true,
        round: {
          select: {
            verdictToken: true,
            match: {
              select: { agentAId: true, agentBId: true, agentA: { select: { ownerId: true } }, agentB: { select: { ownerId: true } } },
            },
          },
        },
      },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
    db.voterExclusion.findMany({ select: { voterId: true } }),
  ]);
  const out = new Set(excluded.map((e) => e.voterId));
  return rows.flatMap((a) => {
    const m = a.round.match;
    const own = m.agentA.ownerId === a.auditorId || m.agentB.ownerId === a.auditorId;
    if (own || out.has(a.auditorId) || voted.has(`${a.roundId}:${a.auditorId}`)) return [];
    return [
      {
        roundId: a.roundId,
        agentAId: m.agentAId,
        agentBId: m.agentBId,
        verdict: peopleVerdictSchema.parse(a.ownVerdict),
        examinerVerdict: fromToken(a.round.verdictToken),
        source: "audit" as const,
      },
    ];
  });
}

/**
 * The examiner's ratings the scope's people's ratings are compared with: the configuration's
 * latest examiner-wide snapshot; for every round (null) the configuration the leaderboard shows
 * by default (the most rated matches), since the examiner's ratings are never pooled across
 * configurations.
 */
async function examinerRatings(db: Db, scope: PeopleScope): Promise<PeopleInputs["examiner"]> {
  let configId = scope.examinerConfigId;
  if (!configId) {
    const rated = await db.match.groupBy({
      by: ["examinerConfigId"],
      where: { status: "completed", winner: { not: null }, rounds: { gt: 0 } },
      _count: { _all: true },
    });
    configId = rated.sort((a, b) => b._count._all - a._count._all)[0]?.examinerConfigId ?? null;
  }
  if (!configId) return null;
  const snapshot = await db.ratingSnapshot.findFirst({
    where: { examinerConfigId: configId, tournamentId: null },
    orderBy: [{ createdAt: "desc" }, { matchesCounted: "desc" }],
    select: { id: true, ratings: true },
  });
  if (!snapshot) return null;
  const rows = z.array(z.object({ agentId: z.string(), rating: z.number() })).parse(snapshot.ratings);
  return {
    examinerConfigId: configId,
    snapshotId: snapshot.id,
    ratings: new Map(rows.map((r) => [r.agentId, r.rating])),
    replicates: await examinerReplicates(db, configId),
  };
}

/**
 * The examiner's ratings in bootstrap resamples of its rated matches (one battle per match, as its
 * snapshots are fitted), so the agreement's intervals carry the examiner's sampling beside the
 * people's. A few hundred refits of tens of agents: milliseconds.
 */
async function examinerReplicates(db: Db, examinerConfigId: string): Promise<Map<string, Float64Array>> {
  const matches = await db.match.findMany({
    where: { examinerConfigId, status: "completed", winner: { not: null }, rounds: { gt: 0 } },
    select: { agentAId: true, agentBId: true, winner: true },
  });
  const agg = new BattleAggregator();
  for (const m of matches) agg.add(m.agentAId, m.agentBId, m.winner === "A" ? 1 : m.winner === "B" ? 0 : 0.5);
  return bootstrapRatings(agg.result(), { rounds: PEOPLE_BOOTSTRAP.rounds, seed: EXAMINER_BOOTSTRAP_SEED }).replicates;
}

export async function loadPeopleInputs(db: Db, scope: PeopleScope, basis: string): Promise<PeopleInputs> {
  const counted = await readCountedVotes(db, scope.examinerConfigId ? { examinerConfigId: scope.examinerConfigId } : {});
  const votes: CountedVerdict[] = counted.votes.map((v) => ({
    roundId: v.roundId,
    agentAId: v.agentAId,
    agentBId: v.agentBId,
    verdict: v.verdict,
    examinerVerdict: v.examinerVerdict,
    source: "vote",
  }));
  const audits = await auditVerdicts(db, scope, new Set(counted.votes.map((v) => `${v.roundId}:${v.voterId}`)));
  const verdicts = [...votes, ...audits];
  const ids = new Set(verdicts.flatMap((v) => [v.agentAId, v.agentBId]));
  const names = await db.agent.findMany({ where: { id: { in: [...ids] } }, select: { id: true, name: true } });
  return {
    verdicts,
    examiner: await examinerRatings(db, scope),
    names: new Map(names.map((a) => [a.id, a.name])),
    leftOut: counted.leftOut,
    basis,
  };
}
