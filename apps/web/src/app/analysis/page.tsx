import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { leaderboardFor, scopes } from "@/lib/page-data";
import { scopeOf, type SearchParams } from "@/lib/params";
import { AnalysisPage } from "@/features/analysis/analysis-page";
import { scoreboardFor } from "@/features/leaderboard/scores-data";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Analysis" };

export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const scope = await scopeOf(searchParams);
  const [all, board] = await Promise.all([scopes(), leaderboardFor(scope)]);
  if (!board) notFound();
  return <AnalysisPage board={board} scopes={all} scores={await scoreboardFor(board)} />;
}
