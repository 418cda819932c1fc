/**
 * Simulated voters for the people's leaderboard tests: careful voters who prefer the answer of
 * higher quality with noise, random voters, and one who always votes A. They see only what a
 * voter is served (the question and the two answers in their seats) and answer through whatever
 * client the test gives them (the HTTP API, or the package's commands).
 */
import { Rng } from "@arena/core";
import { VOTE_VERDICTS, type NextVote, type VoteVerdict } from "@arena/votes";
import { qualityOf } from "./planted-rounds";

export type VoterKind = "careful" | "random" | "alwaysA";

export interface VoteClient {
  next(voterId: string): Promise<NextVote | null>;
  vote(voterId: string, roundId: string, verdict: VoteVerdict): Promise<void>;
}

/** How a voter of each kind answers a served round. Careful: the better answer with probability 0.85, a tie now and then. */
export function choose(kind: VoterKind, served: NextVote, rng: Rng): VoteVerdict {
  if (kind === "alwaysA") return "A_BETTER";
  if (kind === "random") return VOTE_VERDICTS[rng.int(VOTE_VERDICTS.length)]!;
  const a = qualityOf(served.answers.A);
  const b = qualityOf(served.answers.B);
  const draw = rng.float();
  if (draw < 0.05) return "TIE";
  const better = a > b ? "A" : "B";
  const pick = draw < 0.9 ? better : better === "A" ? "B" : "A";
  return rng.float() < 0.3 ? `${pick}_MUCH_BETTER` : `${pick}_BETTER`;
}

/** Each voter votes on up to `votes` rounds, voters taking turns, so served pairs spread as in a live arena. */
export async function runVoters(
  client: VoteClient,
  voters: readonly { id: string; kind: VoterKind; votes: number }[],
  seed: number,
): Promise<number> {
  const rng = Rng.fromSeed(seed);
  const left = new Map(voters.map((v) => [v.id, v.votes]));
  let cast = 0;
  while ([...left.values()].some((n) => n > 0)) {
    for (const v of voters) {
      if (left.get(v.id)! <= 0) continue;
      const served = await client.next(v.id);
      if (!served) {
        left.set(v.id, 0);
        continue;
      }
      await client.vote(v.id, served.roundId, choose(v.kind, served, rng));
      left.set(v.id, left.get(v.id)! - 1);
      cast++;
    }
  }
  return cast;
}
