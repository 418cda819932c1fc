import { VERDICT_TOKENS, type VerdictToken } from "@arena/core";
import type { AuditVerdict } from "./options";

/** The examiner's stored token ("[[A_BETTER]]", "[[Tie]]") in audit terms. */
export function fromToken(token: VerdictToken): AuditVerdict {
  return token === "[[Tie]]" ? "TIE" : (token.slice(2, -2) as AuditVerdict);
}

export function isVerdictToken(s: string | null): s is VerdictToken {
  return s !== null && (VERDICT_TOKENS as readonly string[]).includes(s);
}
