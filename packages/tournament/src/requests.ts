import { z } from "zod";
import { DEFAULT_PAIRING, tournamentModeSchema, tournamentPairingSchema } from "@arena/core";

/**
 * Request and response shapes of the console's tournament routes (/api/console/tournaments…),
 * for the web app's handlers and its OpenAPI document. createTournament checks its own input
 * again (uniqueness, trees per pairing); these add the bounds a request must keep.
 */
const id = z.string().min(1).max(200);

export const newTournamentRequestSchema = z.object({
  name: z.string().trim().min(1).max(200),
  agentIds: z.array(id).min(2).max(512),
  treeIds: z.array(id).min(1).max(1000),
  examinerConfigId: id,
  swissRounds: z.number().int().min(1).max(64).optional(),
  treesPerPairing: z.number().int().min(1).optional(),
  seed: z.string().min(1).max(200).default("1"),
  /** Swiss (the paper's, default) or information-seeking pairing. */
  pairing: tournamentPairingSchema.default(DEFAULT_PAIRING),
  /** rounds (the paper's fixed number of rounds, default) or continuous (no last round; agents join and leave). */
  mode: tournamentModeSchema.default("rounds"),
  /** Optional caps (USD): the tournament pauses when its research cost, or one agent's, reaches them. */
  costCapUsd: z.number().positive().max(1e9).nullable().default(null),
  agentCapUsd: z.number().positive().max(1e9).nullable().default(null),
});
export type NewTournamentRequest = z.output<typeof newTournamentRequestSchema>;

export const addAgentRequestSchema = z.object({ agentId: id });

/** A tournament row after a lifecycle command (create, start, pause, resume, cancel). */
export const tournamentRowSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    status: z.enum(["draft", "running", "paused", "completed", "cancelled"]),
    swissRounds: z.number().int(),
    currentRound: z.number().int(),
  })
  .loose();

/** A late entrant's participation (POST /api/console/tournaments/{id}/add-agent). */
export const participantRowSchema = z.object({ tournamentId: z.string(), agentId: z.string(), joinedRound: z.number().int() }).loose();
