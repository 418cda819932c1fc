import { notFound } from "next/navigation";
import { readLeaderboard, readScopes } from "@arena/tournament/read";
import { db } from "@/lib/db";
import { scopeOf, type SearchParams } from "@/lib/params";
import { LeaderboardPage } from "@/features/leaderboard/leaderboard-page";

export const dynamic = "force-dynamic";

export default async function Home({ searchParams }: { searchParams: SearchParams }) {
  const scope = await scopeOf(searchParams);
  const [scopes, board] = await Promise.all([readScopes(db()), readLeaderboard(db(), scope)]);
  if (!board) notFound();
  return <LeaderboardPage board={board} scopes={scopes} />;
}
