import { seatsForTree } from "@arena/core";
import type { Prisma, Tournament } from "@arena/db";

/**
 * Stores one pairing of a tournament round and its matches, one per chosen tree. `seatTurn(k, tree)`
 * numbers the meeting for seat alternation (odd turns swap A/B): Swiss rounds use the tree's
 * tournament ordinal, continuous rounds every earlier meeting of the pair. Returns the match ids.
 */
export async function createPairingMatches(
  tx: Prisma.TransactionClient,
  t: Tournament,
  m: {
    roundId: string;
    round: number;
    index: number;
    pair: readonly [string, string];
    trees: readonly { treeId: string; ordinal: number }[];
    examinerMode: Prisma.MatchCreateManyInput["examinerMode"];
    seatTurn: (k: number, tree: { ordinal: number }) => number;
  },
): Promise<string[]> {
  const pairing = await tx.pairing.create({ data: { roundId: m.roundId, agentAId: m.pair[0], agentBId: m.pair[1] } });
  const created = await tx.match.createManyAndReturn({
    data: m.trees.map((tree, k) => {
      const seats = t.seatAlternation ? seatsForTree([m.pair[0], m.pair[1]], m.seatTurn(k, tree)) : { a: m.pair[0], b: m.pair[1] };
      return {
        tournamentId: t.id,
        pairingId: pairing.id,
        treeId: tree.treeId,
        agentAId: seats.a,
        agentBId: seats.b,
        examinerConfigId: t.examinerConfigId,
        examinerMode: m.examinerMode,
        seed: `${t.seed}:r${m.round}:p${m.index}:t${tree.ordinal}`,
      };
    }),
    select: { id: true },
  });
  return created.map((c) => c.id);
}
