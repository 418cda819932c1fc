import type { TournamentView } from "./schemas";

type Status = TournamentView["status"];

/**
 * Which lifecycle action each tournament status allows: the lifecycle commands refuse the rest,
 * and the console offers only these.
 */
export const TOURNAMENT_ACTIONS = {
  start: ["draft"],
  pause: ["running"],
  resume: ["paused"],
  cancel: ["draft", "running", "paused"],
  addAgent: ["draft", "running", "paused"],
} as const satisfies Record<string, readonly Status[]>;

export type TournamentAction = keyof typeof TOURNAMENT_ACTIONS;

export function actionAllowed(action: TournamentAction, status: string): boolean {
  return (TOURNAMENT_ACTIONS[action] as readonly string[]).includes(status);
}
