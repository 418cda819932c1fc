import type { Metadata } from "next";
import Link from "next/link";
import { readMatches } from "@arena/match/read";
import { db } from "@/lib/db";
import { one, query, type SearchParams } from "@/lib/params";
import { Code, Empty, PageTitle, link } from "@/components/ui";
import { MatchTable } from "@/features/matches/match-table";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Matches" };

const PAGE_SIZE = 50;

export default async function MatchesPage({ searchParams }: { searchParams: SearchParams }) {
  const sp = await searchParams;
  const filter = { tournament: one(sp.tournament), agent: one(sp.agent) };
  const cursor = one(sp.cursor);
  const page = await readMatches(db(), { ...filter, cursor, limit: PAGE_SIZE }).catch(() => null);
  const filtered = filter.tournament || filter.agent;
  return (
    <>
      <PageTitle>Matches</PageTitle>
      {filtered ? (
        <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
          Filtered{filter.tournament ? " by tournament" : ""}
          {filter.agent ? " by agent" : ""}.{" "}
          <Link href="/matches" className={link}>
            Show all matches
          </Link>
        </p>
      ) : null}
      {!page ? (
        <Empty title="This page of matches does not exist.">
          The link is stale or malformed. <Link href={`/matches${query(filter)}`} className={link}>Start from the newest matches</Link>.
        </Empty>
      ) : page.items.length === 0 ? (
        <Empty title={cursor ? "No older matches." : "No match yet."}>
          {cursor ? (
            <Link href={`/matches${query(filter)}`} className={link}>Back to the newest matches</Link>
          ) : (
            <>
              Run one with <Code>npx arena match run --tree &lt;id&gt; --a &lt;agent&gt; --b &lt;agent&gt;</Code> or start a tournament with{" "}
              <Code>npx arena tournament start</Code>.
            </>
          )}
        </Empty>
      ) : (
        <>
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
