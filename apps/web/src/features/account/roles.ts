import type { Role } from "@arena/db/accounts";

/** Every signed-in role manages its own sessions. */
export const ROLES: readonly Role[] = ["owner", "auditor", "admin"];
