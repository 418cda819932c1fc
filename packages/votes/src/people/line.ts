import type { PeopleAgreement } from "./schemas";

/**
 * The leaderboard header's one line on how far the examiner agrees with people, the same on the
 * page, in the JSON API and in the CLI: "agrees with people: ρ 0.91 [0.78, 0.97], 1,240 votes",
 * or "not enough votes yet" below the documented minimum (./minimum.ts).
 */
export const NOT_ENOUGH = "not enough votes yet";

/** A correlation or κ as the agreement line and the people's page word it. */
export const twoDecimals = (x: number) => x.toFixed(2);
const count = (n: number) => n.toLocaleString("en-US");

export function agreementLine(a: PeopleAgreement | null): string {
  if (!a?.enough || !a.spearman) return NOT_ENOUGH;
  const rho = a.spearman;
  return `agrees with people: ρ ${twoDecimals(rho.value)} [${twoDecimals(rho.lower)}, ${twoDecimals(rho.upper)}], ${count(a.votes)} ${a.votes === 1 ? "vote" : "votes"}`;
}
