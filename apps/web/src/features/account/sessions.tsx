import { headers } from "next/headers";
import { auth } from "@/lib/auth";
import { buttonClass } from "./client";
import { revokeOtherSessionsAction } from "./session-actions";
import { SessionTable, type SessionRow } from "./session-table";

/** The caller's sessions (stored in PostgreSQL by better-auth): where, when, and a way to end each. */
export async function Sessions() {
  const h = await headers();
  const [sessions, current] = await Promise.all([auth().api.listSessions({ headers: h }), auth().api.getSession({ headers: h })]);
  const iso = (t: Date | string) => new Date(t).toISOString();
  const rows: SessionRow[] = sessions.map((s) => ({
    id: s.id,
    userAgent: s.userAgent ?? null,
    ipAddress: s.ipAddress ?? null,
    createdAt: iso(s.createdAt),
    updatedAt: iso(s.updatedAt),
    expiresAt: iso(s.expiresAt),
    current: s.id === current?.session.id,
  }));
  return (
    <div className="space-y-3">
      <SessionTable rows={rows} />
      {rows.length > 1 && (
        <form action={revokeOtherSessionsAction}>
          <button type="submit" className={buttonClass}>
            Sign out everywhere else
          </button>
        </form>
      )}
    </div>
  );
}
