import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { readMatch } from "@arena/match/read";
import { roundScores } from "@arena/scoring/read";
import { db } from "@/lib/db";
import { MatchPage } from "@/features/matches/match-page";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

/** Metadata and page read the match once per request. */
const match = cache((id: string) => readMatch(db(), id));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const m = await match((await params).id);
  return { title: m ? `${m.agentA.name} vs ${m.agentB.name}` : "Match not found" };
}

export default async function Page({ params }: Props) {
  const id = (await params).id;
  const [m, scores] = await Promise.all([match(id), roundScores(db(), { matchId: id })]);
  if (!m) notFound();
  return <MatchPage match={m} scores={scores} />;
}
