import type { Viewer } from "@arena/audit/read";
import type { SessionUser } from "@/lib/auth-session";

/** Who may annotate and read the audit report (admins also manage queues and void rounds). */
export const AUDITORS = ["admin", "auditor"] as const;

export const viewerOf = (u: SessionUser): Viewer => ({ id: u.id, admin: u.role === "admin" });
