import Link from "@/components/link";
import type { AuditQueueSummary } from "@arena/audit/read";
import { Empty, link } from "@/components/ui";
import { AuditQueueTable } from "./queue-table";

/** The auditor's home: every queue with its progress (overall, per auditor, own) and a Next item button. */
export function AuditHome({ queues, admin, finished }: { queues: AuditQueueSummary[]; admin: boolean; finished: string | null }) {
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Human audit</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Judge sampled rounds blind (seats only, no agent names); the examiner&apos;s verdict appears after you submit your own. Each item is
        held for you for 5 minutes. See the{" "}
        <Link href="/audit/report" className={link}>
          report
        </Link>
        {admin ? (
          <>
            {" "}
            or{" "}
            <Link href="/console/audit" className={link}>
              create and close queues
            </Link>
          </>
        ) : null}
        .
      </p>
      {finished ? (
        <p role="status" className="text-sm text-emerald-700">
          Nothing left for you in that queue. Thank you.
        </p>
      ) : null}
      {queues.length === 0 ? (
        <Empty title="No audit queue yet.">An admin creates queues in the console.</Empty>
      ) : (
        <AuditQueueTable queues={queues} />
      )}
    </div>
  );
}
