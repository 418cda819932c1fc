import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { readLeaderboard, readScopes } from "@arena/tournament/read";
import { db } from "@/lib/db";
import { scopeOf, type SearchParams } from "@/lib/params";
import { AnalysisPage } from "@/features/analysis/analysis-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Analysis" };

export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  const scope = await scopeOf(searchParams);
  const [scopes, board] = await Promise.all([readScopes(db()), readLeaderboard(db(), scope)]);
  if (!board) notFound();
  return <AnalysisPage board={board} scopes={scopes} />;
}
