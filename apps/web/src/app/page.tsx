import { notFound } from "next/navigation";
import { leaderboardFor, scopes } from "@/lib/page-data";
import { one, scopeOf, type SearchParams } from "@/lib/params";
import { LeaderboardPage } from "@/features/leaderboard/leaderboard-page";
import { scoreboardFor } from "@/features/leaderboard/scores-data";

export const dynamic = "force-dynamic";

export default async function Home({ searchParams }: { searchParams: SearchParams }) {
  const scope = await scopeOf(searchParams);
  const [all, board] = await Promise.all([scopes(), leaderboardFor(scope)]);
  if (!board) notFound();
  const topic = one((await searchParams).topic) ?? null;
  return <LeaderboardPage board={board} scopes={all} scores={await scoreboardFor(board)} topic={topic} />;
}
