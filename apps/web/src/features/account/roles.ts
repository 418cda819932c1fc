import type { Role } from "@arena/db/accounts";

/** Every signed-in role manages its own sessions. */
export const ROLES: readonly Role[] = ["owner", "auditor", "admin"];

/** Where each role lands after signing in without a return address: the page it came for. */
const LANDING: Record<Role, string> = { admin: "/console", auditor: "/audit", owner: "/me/agents" };

export function landingFor(role: unknown): string {
  return typeof role === "string" && role in LANDING ? LANDING[role as Role] : "/";
}
