import { roundInWords } from "@arena/core";
import Link from "@/components/link";
import { readAuditQueues } from "@arena/audit/read";
import { readQueueDepths, type QueueDepth } from "@arena/jobs";
import { readArenaOverview } from "@arena/tournament/read";
import { db } from "@/lib/db";
import { fmtTime, plural } from "@/lib/format";
import { healthRedis } from "@/lib/health";
import { link } from "@/components/ui";

/** Queue depths, or null when Redis does not answer in time (the overview says so instead of failing). */
async function depths(): Promise<QueueDepth[] | null> {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 2_000));
  return Promise.race([readQueueDepths(healthRedis()).catch(() => null), timeout]);
}

function Tile({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <section
      className="rounded-lg border border-zinc-200 p-3 text-sm dark:border-zinc-800"
      data-testid={testId}
      aria-labelledby={`${testId}-title`}
    >
      <h2 id={`${testId}-title`} className="mb-1 font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The state of the arena at a glance, at the top of the console. */
export async function ConsoleOverview({ viewerId }: { viewerId: string }) {
  const [overview, queues, audit] = await Promise.all([
    readArenaOverview(db()),
    depths(),
    readAuditQueues(db(), { id: viewerId, admin: true }),
  ]);
  const open = audit.filter((q) => q.done < q.needed);
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="console-overview">
      <Tile title="Tournaments" testId="overview-tournaments">
        {overview.active.length === 0 ? (
          <p>
            None is running.{" "}
            <Link href="/console/tournaments" className={link}>
              Start one
            </Link>
            .
          </p>
        ) : (
          <ul className="space-y-0.5">
            {overview.active.map((t) => (
              <li key={t.id}>
                <Link href={`/tournaments/${t.id}`} className={link}>
                  {t.name}
                </Link>{" "}
                {t.status}, {roundInWords(t)}: {t.matches.completed} of {plural(t.matches.total, "match")} done
              </li>
            ))}
          </ul>
        )}
      </Tile>
      <Tile title="Queues" testId="overview-queues">
        {queues === null ? (
          <p>Redis did not answer: the queue depths are unknown. Check that Redis runs.</p>
        ) : (
          <ul className="space-y-0.5">
            {queues.map((q) => (
              <li key={q.name} data-queue={q.name}>
                <span className="font-medium">{q.name}</span>: {q.waiting} waiting, {q.active} running
                {/* BullMQ's "delayed": retries backing off, but also debounced and spaced-out jobs (the people's and scoreboard queues), not failures. */}
                {q.delayed ? `, ${q.delayed} scheduled for later` : ""}
                {q.failed ? <span className="text-red-700 dark:text-red-400">, {q.failed} failed</span> : ""}
              </li>
            ))}
          </ul>
        )}
        <p className="mt-1">
          <a href="/console/queues" className={link}>
            Open the queue dashboard
          </a>
        </p>
      </Tile>
      <Tile title="Failing agents" testId="overview-failing">
        {overview.failing.length === 0 ? (
          <p>Every agent passed its last health check.</p>
        ) : (
          <ul className="space-y-0.5">
            {overview.failing.map((a) => (
              <li key={a.id}>
                <Link href="/console/agents" className={link}>
                  {a.name}
                </Link>
                : {a.healthError ?? "failed its health check"}
              </li>
            ))}
          </ul>
        )}
      </Tile>
      <Tile title="Last rating snapshot" testId="overview-snapshot">
        {overview.lastSnapshot ? (
          <p>
            {fmtTime(overview.lastSnapshot.createdAt)}, {plural(overview.lastSnapshot.matchesCounted, "rated match")} under{" "}
            {overview.lastSnapshot.examinerName}
            {overview.lastSnapshot.tournamentId ? (
              <>
                {" "}
                in{" "}
                <Link href={`/tournaments/${overview.lastSnapshot.tournamentId}`} className={link}>
                  {overview.lastSnapshot.tournamentName}
                </Link>
              </>
            ) : null}
            .
          </p>
        ) : (
          <p>No snapshot yet: the workers store one after the first rated match.</p>
        )}
      </Tile>
      <Tile title="Audit" testId="overview-audit">
        {audit.length === 0 ? (
          <p>
            No audit queue yet.{" "}
            <Link href="/console/audit" className={link}>
              Create one
            </Link>
            .
          </p>
        ) : (
          <p>
            {plural(open.length, "queue")} open of {audit.length}; {audit.reduce((s, q) => s + q.done, 0)} of{" "}
            {plural(
              audit.reduce((s, q) => s + q.needed, 0),
              "annotation",
            )}{" "}
            done.{" "}
            <Link href="/audit" className={link}>
              Annotate
            </Link>
          </p>
        )}
      </Tile>
    </div>
  );
}
