import type { Metadata } from "next";
import Link from "@/components/link";
import { matchListParamsSchema, readMatchFilterOptions, readMatches } from "@arena/match/read";
import { db } from "@/lib/db";
import { one, query, type SearchParams } from "@/lib/params";
import { Code, Empty, PageTitle, link } from "@/components/ui";
import { LiveRefresh } from "@/components/live-refresh";
import { MatchTable } from "@/features/matches/match-table";
import { MatchFilters, type MatchFilter } from "@/features/matches/match-filters";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Matches" };

const PAGE_SIZE = 50;

export default async function MatchesPage({ searchParams }: { searchParams: SearchParams }) {
  const sp = await searchParams;
  const filter: MatchFilter = {
    agent: one(sp.agent),
    tournament: one(sp.tournament),
    tree: one(sp.tree),
    examiner: one(sp.examiner),
    status: one(sp.status),
  };
  const cursor = one(sp.cursor);
  // A malformed link (unknown status, overlong id) shows the "does not exist" state, not an error.
  const params = matchListParamsSchema.safeParse({ ...filter, cursor, limit: PAGE_SIZE });
  const [page, options] = await Promise.all([
    params.success ? readMatches(db(), params.data).catch(() => null) : null,
    readMatchFilterOptions(db()),
  ]);
  const filtered = Object.values(filter).some(Boolean);
  return (
    <>
      <PageTitle aside={<LiveRefresh tournament={filter.tournament} types={["match", "round"]} />}>Matches</PageTitle>
      <MatchFilters options={options} filter={filter} />
      {!page ? (
        <Empty title="This page of matches does not exist.">
          The link is stale or malformed.{" "}
          <Link href={`/matches${query(filter)}`} className={link}>
            Start from the newest matches
          </Link>
          .
        </Empty>
      ) : page.items.length === 0 ? (
        <Empty title={cursor ? "No older matches." : filtered ? "No match passes these filters." : "No match yet."}>
          {cursor ? (
            <Link href={`/matches${query(filter)}`} className={link}>
              Back to the newest matches
            </Link>
          ) : filtered ? (
            <Link href="/matches" className={link}>
              Show every match
            </Link>
          ) : (
            <>
              Run one with <Code>npx arena match run --tree &lt;id&gt; --a &lt;agent&gt; --b &lt;agent&gt;</Code> or start a tournament with{" "}
              <Code>npx arena tournament start</Code>.
            </>
          )}
        </Empty>
      ) : (
        <>
          <p className="mb-2 text-sm text-zinc-600 dark:text-zinc-400" data-testid="match-count">
            {page.total === 1 ? "1 match" : `${page.total} matches`}
            {filtered ? (page.total === 1 ? " passes these filters" : " pass these filters") : " in all"}; this page shows{" "}
            {page.items.length}, newest first{cursor ? " after the ones on earlier pages" : ""}.
          </p>
          <MatchTable items={page.items} />
          <nav className="mt-4 flex gap-4 text-sm" aria-label="Pages">
            {cursor ? (
              <Link href={`/matches${query(filter)}`} className={link}>
                ← Newest
              </Link>
            ) : null}
            {page.nextCursor ? (
              <Link href={`/matches${query({ ...filter, cursor: page.nextCursor })}`} className={link} data-testid="older-matches">
                Older matches →
              </Link>
            ) : (
              <span className="text-zinc-500">End of the list.</span>
            )}
          </nav>
        </>
      )}
    </>
  );
}
