import Link from "next/link";
import type { AuditQueueSummary } from "@arena/audit/read";
import { Empty, link, row, TableScroll, td, tdNum, th, thNum } from "@/components/ui";

function Progress({ done, needed }: { done: number; needed: number }) {
  const pct = needed ? Math.round((100 * done) / needed) : 0;
  return (
    <div className="flex items-center gap-2" title={`${done} of ${needed} annotations`}>
      <div className="h-2 w-24 rounded bg-zinc-200 dark:bg-zinc-700">
        <div className="h-2 rounded bg-sky-600" style={{ width: `${pct}%` }} />
      </div>
      <span className="num text-xs">
        {done}/{needed}
      </span>
    </div>
  );
}

/** The auditor's home: every queue with its progress (overall, per auditor, own) and a Next item button. */
export function AuditHome({ queues, admin, finished }: { queues: AuditQueueSummary[]; admin: boolean; finished: string | null }) {
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Human audit</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Judge sampled rounds blind (seats only, no agent names); the examiner&apos;s verdict appears after you submit your own. Each
        item is held for you for 5 minutes. See the <Link href="/audit/report" className={link}>report</Link>
        {admin ? (
          <>
            {" "}or <Link href="/console/audit" className={link}>create and close queues</Link>
          </>
        ) : null}
        .
      </p>
      {finished ? <p role="status" className="text-sm text-emerald-700">Nothing left for you in that queue. Thank you.</p> : null}
      {queues.length === 0 ? (
        <Empty title="No audit queue yet.">An admin creates queues in the console.</Empty>
      ) : (
        <TableScroll>
          <table className="w-full text-sm" data-testid="audit-queues">
            <thead>
              <tr>
                <th className={th}>Queue</th>
                <th className={th}>Sampling</th>
                <th className={thNum}>Items</th>
                <th className={th}>Progress</th>
                <th className={thNum}>Yours</th>
                <th className={th}>Per auditor</th>
                <th className={th} />
              </tr>
            </thead>
            <tbody>
              {queues.map((q) => (
                <tr key={q.id} className={row}>
                  <td className={td}>
                    {q.name}
                    {q.closedAt ? <span className="ml-1 text-xs text-zinc-500">(closed)</span> : null}
                  </td>
                  <td className={td}>{q.sampling}</td>
                  <td className={tdNum}>
                    {q.size} × {q.annotatorsPerItem}
                  </td>
                  <td className={td}>
                    <Progress done={q.done} needed={q.needed} />
                  </td>
                  <td className={tdNum}>{q.mine}</td>
                  <td className={`${td} text-xs`}>{q.auditors.map((a) => `${a.name}: ${a.done}`).join(" · ") || "—"}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    {q.closedAt ? null : (
                      <form method="post" action={`/api/audit/queues/${q.id}/next`} className="inline">
                        <button type="submit" className="rounded-md bg-sky-700 px-2 py-1 text-xs text-white">
                          Next item
                        </button>
                      </form>
                    )}{" "}
                    {q.closedAt ? null : (
                      <Link href={`/audit/queues/${q.id}/instrument`} prefetch={false} className={`${link} text-xs`}>
                        Instrument I
                      </Link>
                    )}
                    {q.closedAt ? null : " · "}
                    <Link href={`/audit/report?queue=${q.id}`} className={`${link} text-xs`}>
                      report
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}
