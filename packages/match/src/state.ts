import { parseLoopState, type LoopState } from "@arena/core";
import { z } from "zod";

/**
 * What a match persists after each committed round (Match.state): the pure loop state plus the
 * number of stored rounds. Stored rounds include voided and judge-error rounds, which the loop
 * does not count, so `seq` (the next Round.number − 1) runs ahead of `loop.round`.
 */
export interface MatchState {
  loop: LoopState;
  seq: number;
  voided: number;
  judgeErrors: number;
}

const envelope = z.object({
  loop: z.unknown(),
  seq: z.number().int().nonnegative(),
  voided: z.number().int().nonnegative(),
  judgeErrors: z.number().int().nonnegative(),
});

export function parseMatchState(data: unknown): MatchState {
  const e = envelope.parse(data);
  return { ...e, loop: parseLoopState(e.loop) };
}
