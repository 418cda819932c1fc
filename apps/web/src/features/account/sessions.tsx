import { headers } from "next/headers";
import { auth } from "@/lib/auth";
import { fmtTime } from "@/lib/format";
import { buttonClass } from "./client";
import { revokeOtherSessionsAction, revokeSessionAction } from "./session-actions";

/** The caller's sessions (stored in PostgreSQL by better-auth): where, when, and a way to end each. */
export async function Sessions() {
  const h = await headers();
  const [sessions, current] = await Promise.all([auth().api.listSessions({ headers: h }), auth().api.getSession({ headers: h })]);
  const rows = [...sessions].sort((a, b) => +new Date(b.updatedAt) - +new Date(a.updatedAt));
  return (
    <div className="space-y-3">
      <table className="w-full text-sm [&_td]:px-2 [&_td]:py-1.5 [&_th]:px-2" data-testid="sessions">
        <thead>
          <tr className="text-left text-zinc-500">
            <th>Browser or client</th>
            <th>Address</th>
            <th>Signed in</th>
            <th>Last active</th>
            <th>Expires</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => (
            <tr key={s.id} className="border-t border-zinc-200 dark:border-zinc-800" data-current={s.id === current?.session.id || undefined}>
              <td className="max-w-xs truncate" title={s.userAgent ?? undefined}>{s.userAgent || "unknown"}</td>
              <td className="tabular-nums">{s.ipAddress || "—"}</td>
              <td className="tabular-nums">{fmtTime(new Date(s.createdAt).toISOString())}</td>
              <td className="tabular-nums">{fmtTime(new Date(s.updatedAt).toISOString())}</td>
              <td className="tabular-nums">{fmtTime(new Date(s.expiresAt).toISOString())}</td>
              <td className="whitespace-nowrap">
                {s.id === current?.session.id ? (
                  <span className="text-zinc-500">this session</span>
                ) : (
                  <form action={revokeSessionAction}>
                    <input type="hidden" name="id" value={s.id} />
                    <button type="submit" className="underline">Sign out</button>
                  </form>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > 1 && (
        <form action={revokeOtherSessionsAction}>
          <button type="submit" className={buttonClass}>Sign out everywhere else</button>
        </form>
      )}
    </div>
  );
}
