import {
  BattleAggregator,
  bootstrapRatings,
  kappaEstimate,
  rankAgreement,
  replicateVectors,
  verdictBattle,
  verdictOutcome,
  type Estimate,
  type PeopleVerdict,
} from "@arena/core";
import { ratedAgent } from "@arena/tournament";
import { MIN_AGENTS, MIN_VOTES, MIN_VOTES_PER_AGENT, PEOPLE_BOOTSTRAP } from "./minimum";
import type { PeopleAgreement, PeopleRatingRow } from "./schemas";

/**
 * The people's leaderboard and its agreement with the examiner, from plain inputs (no I/O): the
 * worker loads them (./inputs.ts) and stores the result (./snapshot.ts); tests call this directly.
 */

/** One counted person's verdict on a round, in match seats. */
export interface CountedVerdict {
  roundId: string;
  agentAId: string;
  agentBId: string;
  verdict: PeopleVerdict;
  /** The examiner's verdict on the same round in match seats, or null (no judge verdict). */
  examinerVerdict: PeopleVerdict | null;
  source: "vote" | "audit";
}

export interface PeopleInputs {
  verdicts: readonly CountedVerdict[];
  /**
   * The examiner's stored ratings the people's are compared with, or null when none exist; with
   * `replicates`, each agent's ratings in bootstrap resamples of the examiner's rated matches (as
   * many as PEOPLE_BOOTSTRAP.rounds), so the intervals carry the examiner's sampling too.
   */
  examiner: {
    examinerConfigId: string;
    snapshotId: string;
    ratings: ReadonlyMap<string, number>;
    replicates?: ReadonlyMap<string, Float64Array>;
  } | null;
  names: ReadonlyMap<string, string>;
  leftOut: PeopleAgreement["leftOut"];
  basis: string;
}

export interface PeopleResult {
  votesCounted: number;
  ratings: PeopleRatingRow[];
  agreement: PeopleAgreement;
}

/** The examiner's replicates of the compared agents as vectors, when it has them for each (else the examiner is held fixed). */
function examinerVectors(
  replicates: ReadonlyMap<string, Float64Array> | undefined,
  agents: readonly string[],
  rounds: number,
): number[][] | undefined {
  const columns = agents.map((a) => replicates?.get(a));
  if (!columns.every((c): c is Float64Array => c !== undefined && c.length === rounds)) return undefined;
  return Array.from({ length: rounds }, (_, r) => columns.map((c) => c[r]!));
}

/** A correlation is undefined (NaN) when one side ranks every agent alike: stored as no figure. */
const finite = (e: Estimate | undefined) => (e && Number.isFinite(e.value) ? e : null);

export function computePeople(inputs: PeopleInputs): PeopleResult {
  const agg = new BattleAggregator();
  for (const v of inputs.verdicts) agg.addBattle(verdictBattle(v.agentAId, v.agentBId, v.verdict));
  const fit = bootstrapRatings(agg.result(), PEOPLE_BOOTSTRAP);
  const ratings: PeopleRatingRow[] = fit.ratings.map((r) => ({ ...ratedAgent(r), name: inputs.names.get(r.model) ?? r.model }));

  // Agents both sides rate, with enough people's verdicts each; the votes among them are ρ's evidence.
  const compared = inputs.examiner
    ? ratings.filter((r) => r.games >= MIN_VOTES_PER_AGENT && inputs.examiner!.ratings.has(r.agentId)).map((r) => r.agentId)
    : [];
  const inCompared = new Set(compared);
  const votes = inputs.verdicts.filter((v) => inCompared.has(v.agentAId) && inCompared.has(v.agentBId)).length;
  const enoughRanks = compared.length >= MIN_AGENTS && votes >= MIN_VOTES;
  const ranks = enoughRanks
    ? rankAgreement(
        compared.map((a) => inputs.examiner!.ratings.get(a)!),
        compared.map((a) => fit.ratings.find((r) => r.model === a)!.rating),
        replicateVectors(fit, compared),
        { referenceReplicates: examinerVectors(inputs.examiner!.replicates, compared, fit.rounds) },
      )
    : null;

  const judged = inputs.verdicts.filter((v) => v.examinerVerdict !== null);
  const kappa =
    judged.length >= MIN_VOTES
      ? kappaEstimate(
          judged.map((v) => [verdictOutcome(v.examinerVerdict!), verdictOutcome(v.verdict)] as const),
          { rounds: PEOPLE_BOOTSTRAP.rounds, seed: PEOPLE_BOOTSTRAP.seed },
        )
      : null;

  return {
    votesCounted: inputs.verdicts.length,
    ratings,
    agreement: {
      examinerConfigId: inputs.examiner?.examinerConfigId ?? null,
      examinerSnapshotId: inputs.examiner?.snapshotId ?? null,
      enough: enoughRanks,
      spearman: finite(ranks?.spearman),
      kendall: finite(ranks?.kendall),
      agents: compared.length,
      votes,
      kappa: kappa && Number.isFinite(kappa.value) ? { ...kappa, n: judged.length } : null,
      kappaVotes: judged.length,
      sources: {
        votes: inputs.verdicts.filter((v) => v.source === "vote").length,
        audits: inputs.verdicts.filter((v) => v.source === "audit").length,
      },
      leftOut: inputs.leftOut,
      minimum: { votesPerAgent: MIN_VOTES_PER_AGENT, agents: MIN_AGENTS, votes: MIN_VOTES },
      basis: inputs.basis,
    },
  };
}
