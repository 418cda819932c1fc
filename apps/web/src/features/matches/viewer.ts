import type { MatchReadOptions } from "@arena/match/read";
import type { SessionUser } from "@/lib/auth-session";

/**
 * Whose agents' error details a viewer may read on a match: an agent's error detail can name its
 * endpoint, so admins read every detail, a signed-in user those of the agents they own, and
 * anyone else the error class only.
 */
export function errorDetailFor(user: SessionUser | null): MatchReadOptions["errorDetailFor"] {
  if (!user) return undefined;
  return user.role === "admin" ? "all" : { ownerId: user.id };
}
