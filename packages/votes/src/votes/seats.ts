import { VERDICT_TOKENS, verdictOutcome, type VerdictToken } from "@arena/core";
import type { VoteVerdict } from "../options";

/** Mirror of a verdict: what seat A of a swapped view means in the match's seats (and back). */
export function swapVerdict(v: VoteVerdict): VoteVerdict {
  return v.startsWith("A_") ? (`B_${v.slice(2)}` as VoteVerdict) : v.startsWith("B_") ? (`A_${v.slice(2)}` as VoteVerdict) : v;
}

/** A verdict in the seats a voter was shown, from match seats (the mirror is its own inverse). */
export const inSeats = (v: VoteVerdict, swapped: boolean): VoteVerdict => (swapped ? swapVerdict(v) : v);

/** The examiner's stored token ("[[A_BETTER]]", "[[Tie]]") in vote terms, or null when it is none. */
export function fromToken(token: string | null): VoteVerdict | null {
  if (!isToken(token)) return null;
  return token === "[[Tie]]" ? "TIE" : (token.slice(2, -2) as VoteVerdict);
}

function isToken(s: string | null): s is VerdictToken {
  return s !== null && (VERDICT_TOKENS as readonly string[]).includes(s);
}

/** Win, loss or tie of a verdict (A, B or tie): what gold agreement compares. */
export const winnerOf = (v: VoteVerdict) => verdictOutcome(v);
