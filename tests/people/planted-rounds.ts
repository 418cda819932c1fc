/**
 * Judged rounds with a planted strength order, for the people's leaderboard tests: the tournament
 * fixture's simulated agents, synthetic tree and heuristic examiner configuration, then for every
 * pair of agents two matches (seats swapped) of three judged rounds each, stored as a finished
 * match is, and the examiner-wide refit a worker does. Each answer carries its agent's quality
 * in words ("quality 4 of 5"), so a simulated voter can prefer the stronger answer from what it is
 * shown, as a person would, without seeing who wrote it. The examiner mostly names the stronger
 * agent (decisively in a match's first round: the gold candidates), with one planted upset per
 * close pair so its ratings stay finite. An auditor confirms some decisive rounds (C1 naming
 * the same winner), which makes them gold rounds.
 */
import type { PrismaClient } from "@arena/db";
import { createUser } from "../accounts/fixtures";
import { refitExaminerScope } from "@arena/tournament";
import { draftTournament } from "../tournament-fixtures";

export interface PlantedRounds {
  examinerConfigId: string;
  /** Agent ids, strongest first: the planted order. */
  order: string[];
  names: Map<string, string>;
  rounds: number;
  goldRounds: number;
  auditorId: string;
}

const ROUNDS_PER_MATCH = 3;

/** "quality k of n" in an answer: what a simulated voter reads. */
export const qualityOf = (answer: string) => Number(/quality (\d+) of/.exec(answer)?.[1] ?? Number.NaN);

export async function plantJudgedRounds(db: PrismaClient, opts: { agents: number }): Promise<PlantedRounds> {
  const { agentIds, treeIds, config } = await draftTournament(db, { agents: opts.agents, trees: 1, rounds: 1 });
  const order = [...agentIds];
  const quality = new Map(order.map((id, k) => [id, order.length - k]));
  const names = new Map(
    (await db.agent.findMany({ where: { id: { in: order } }, select: { id: true, name: true } })).map((a) => [a.id, a.name]),
  );
  const auditor = await createUser(db, "auditor");
  const queue = await db.auditQueue.create({
    data: { name: "gold", sampling: "random", size: 100, seed: "gold", createdById: auditor.id },
  });
  let roundCount = 0;
  let gold = 0;
  let matchNo = 0;
  const start = Date.now() - 3_600_000;
  for (let i = 0; i < order.length; i++) {
    for (let j = i + 1; j < order.length; j++) {
      for (const swap of [false, true]) {
        const [a, b] = swap ? [order[j]!, order[i]!] : [order[i]!, order[j]!];
        const strongerSeat = quality.get(a)! > quality.get(b)! ? "A" : "B";
        // The one upset: the closest pair's second match goes to the weaker agent.
        const upset = j === i + 1 && swap && i === 1;
        const winner = upset ? (strongerSeat === "A" ? "B" : "A") : strongerSeat;
        const n = matchNo++;
        const match = await db.match.create({
          data: {
            treeId: treeIds[0]!,
            agentAId: a,
            agentBId: b,
            examinerConfigId: config.id,
            examinerMode: config.mode,
            seed: `people-${n}`,
            status: "completed",
            winner,
            scoreA: winner === "A" ? 4 : 0,
            scoreB: winner === "B" ? 4 : 0,
            rounds: ROUNDS_PER_MATCH,
            finishedAt: new Date(start + n * 1000),
          },
        });
        for (let r = 1; r <= ROUNDS_PER_MATCH; r++) {
          const decisive = r === 1;
          const token = `[[${winner}_${decisive ? "MUCH_BETTER" : "BETTER"}]]`;
          const round = await db.round.create({
            data: {
              matchId: match.id,
              number: r,
              depth: r,
              width: 1,
              pathNodeIds: [],
              pathUrls: [],
              question: `Planted question ${n}.${r}: which hidden entities and facts does the page tree hold?`,
              wordLimitInstruction: "at most 300 words",
              answerA: `An answer of quality ${quality.get(a)} of ${order.length}, round ${n}.${r}. It names some entities and cites a source.`,
              answerB: `An answer of quality ${quality.get(b)} of ${order.length}, round ${n}.${r}. It names other entities and cites a source.`,
              verdict: { verdict: token, tie_quality: "N/A", loser_failure_type: "DEEP", reasoning: "planted" },
              verdictToken: token,
              tieQuality: "N/A",
              loserFailureType: "DEEP",
              scoreA: winner === "A" ? (decisive ? 2 : 1) : 0,
              scoreB: winner === "B" ? (decisive ? 2 : 1) : 0,
              examinerMode: config.mode,
            },
          });
          roundCount++;
          if (decisive && !upset && n % 2 === 0) {
            // An auditor's blind verdict names the examiner's winner: a gold round.
            const item = await db.auditItem.create({ data: { queueId: queue.id, roundId: round.id, ordinal: gold, seatsSwapped: false } });
            await db.annotation.create({
              data: {
                itemId: item.id,
                roundId: round.id,
                auditorId: auditor.id,
                seatsSwapped: false,
                deepValidity: "yes",
                wideValidity: "yes",
                checklistFacts: "correct",
                ownVerdict: `${winner}_MUCH_BETTER`,
                agree: true,
              },
            });
            gold++;
          }
        }
      }
    }
  }
  await refitExaminerScope(db, config.id);
  return { examinerConfigId: config.id, order, names, rounds: roundCount, goldRounds: gold, auditorId: auditor.id };
}
