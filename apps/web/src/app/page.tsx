import { notFound } from "next/navigation";
import { leaderboardFor, scopes, windowFor } from "@/lib/page-data";
import { one, scopeOf, windowOf, type SearchParams } from "@/lib/params";
import { LeaderboardPage } from "@/features/leaderboard/leaderboard-page";
import { scoreboardFor } from "@/features/leaderboard/scores-data";

export const dynamic = "force-dynamic";

export default async function Home({ searchParams }: { searchParams: SearchParams }) {
  const [scope, window] = await Promise.all([scopeOf(searchParams), windowOf(searchParams)]);
  const [all, board, windowed] = await Promise.all([scopes(), leaderboardFor(scope), window ? windowFor(scope, window) : null]);
  if (!board) notFound();
  const topic = one((await searchParams).topic) ?? null;
  return <LeaderboardPage board={board} scopes={all} scores={await scoreboardFor(board)} topic={topic} window={windowed} />;
}
