import { z } from "zod";
import type { TournamentModeName } from "../closed-sets";
import { infoRound, type PlayedMatch } from "./info-pairing";
import { swissPairings } from "./swiss";

/**
 * How a tournament pairs its rounds, one row per rule: this table is the closed set (the
 * database's TournamentPairing enum holds the same names), what pages, the console and the CLI
 * call each rule, and the pair function that rounds tournaments, continuous tournaments and the
 * pairing simulation all call. A new rule is a pure, seeded pair function in its own file plus
 * its row here (and the database enum).
 */

/** Everything a rule may read to pair one round; each caller fills all of it. */
export interface PairingInput {
  /** The agents to pair (unique ids). */
  agents: readonly string[];
  /** Current ratings, higher is stronger; an agent missing from it counts as 1000. */
  ratings: Readonly<Record<string, number>>;
  /** Rated matches so far, with the agent calls each cost. */
  played: readonly PlayedMatch[];
  /** Every pairing so far, in any seat order; repeats allowed. */
  pastPairings: readonly (readonly [string, string])[];
  /** The pairs of earlier rounds, most recent round last (a rule that waits before rematches reads the last few). */
  recentRounds: readonly (readonly (readonly [string, string])[])[];
  /** Rounds a pair waits before meeting again, when the caller sets it (else the rule's own default). */
  cooldown?: number;
  /** Byes received so far per agent (missing = 0). */
  byes: Readonly<Record<string, number>>;
  /** 1-based; round 1 is paired before any match is rated. */
  round: number;
  /**
   * `round` differs every round; `tournament` is one for the whole tournament (Swiss orders its
   * first round by it). A continuous tournament, which has no one first round, gives its round's
   * seed as both.
   */
  seeds: { round: number; tournament: number };
}

export interface PairingRound {
  pairs: [string, string][];
  /** The agent left out (odd count), or null. */
  bye: string | null;
}

export interface PairingRule {
  /** The console's option. */
  label: string;
  /** What the rule does, in a few words (CLI help, the tournament page's header). */
  description: string;
  /** A round's name: "Swiss round 2 of 4", a page's "Swiss rounds". */
  roundName: string;
  pair(input: PairingInput): PairingRound;
}

export const PAIRING_RULES = {
  swiss: {
    label: "Swiss (the paper's)",
    description: "the paper's Swiss",
    roundName: "Swiss round",
    pair: (x) =>
      swissPairings({
        agents: x.agents,
        ratings: x.ratings,
        pastPairings: x.pastPairings,
        byes: x.byes,
        seed: x.seeds.tournament,
        round: x.round,
      }),
  },
  info: {
    label: "information-seeking",
    description: "information-seeking pairing",
    roundName: "round",
    pair: (x) =>
      infoRound({
        agents: x.agents,
        played: x.played,
        recentRounds: x.recentRounds,
        byes: x.byes,
        seed: x.seeds.round,
        cooldown: x.cooldown,
      }),
  },
} as const satisfies Record<string, PairingRule>;

export type TournamentPairingName = keyof typeof PAIRING_RULES;
/** The rules in the table's order (the console's options, the CLI's list). */
export const TOURNAMENT_PAIRINGS = Object.keys(PAIRING_RULES) as [TournamentPairingName, ...TournamentPairingName[]];
export const tournamentPairingSchema = z.enum(TOURNAMENT_PAIRINGS);
/** A tournament created without a rule pairs by this one. */
export const DEFAULT_PAIRING: TournamentPairingName = "swiss";

/** One round under the tournament's rule. */
export function pairByRule(rule: TournamentPairingName, input: PairingInput): PairingRound {
  return PAIRING_RULES[rule].pair(input);
}

/** A page's heading over a tournament's rounds: "Swiss rounds", "Rounds". */
export function roundsHeading(rule: TournamentPairingName): string {
  const name = PAIRING_RULES[rule].roundName;
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}s`;
}

/** `--pairing`'s help: "swiss | info: the paper's Swiss (default) or information-seeking pairing". */
export function pairingRulesInWords(): string {
  const described = TOURNAMENT_PAIRINGS.map((p) => `${PAIRING_RULES[p].description}${p === DEFAULT_PAIRING ? " (default)" : ""}`);
  return `${TOURNAMENT_PAIRINGS.join(" | ")}: ${described.join(" or ")}`;
}

/** Where a tournament stands, in words, the same on every page and in the CLI: "Swiss round 2 of 4", "round 2 of 4" (info pairing), "continuous, round 7". */
export function roundInWords(t: {
  mode: TournamentModeName;
  pairing: TournamentPairingName;
  currentRound: number;
  swissRounds: number;
}): string {
  if (t.mode === "continuous") return t.currentRound === 0 ? "continuous, not started" : `continuous, round ${t.currentRound}`;
  return `${PAIRING_RULES[t.pairing].roundName} ${t.currentRound} of ${t.swissRounds}`;
}

/**
 * Pairing rules the simulation compares: the tournaments', a random baseline and an oracle that knows
 * the planted strengths (a bound on what any pairing rule can gain).
 */
export const SIMULATED_PAIRINGS = [...TOURNAMENT_PAIRINGS, "random", "oracle"] as const;
export type SimulatedPairingName = (typeof SIMULATED_PAIRINGS)[number];
