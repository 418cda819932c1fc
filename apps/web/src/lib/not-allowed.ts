import type { Role } from "@arena/db/accounts";

/** What each role is called in a sentence ("This page is for administrators"). */
const ROLE_WORDS: Record<Role, string> = { admin: "administrators", auditor: "auditors", owner: "agent owners" };

export function rolesInWords(roles: readonly string[]): string {
  const words = roles.map((r) => ROLE_WORDS[r as Role] ?? r);
  return words.length <= 1 ? (words[0] ?? "other accounts") : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

/** The one page every "signed in, but not allowed here" answer shows (pages and the proxy alike). */
export function notAllowedPath(roles: readonly Role[], next: string): string {
  return `/not-allowed?need=${encodeURIComponent(roles.join(","))}&next=${encodeURIComponent(next)}`;
}
