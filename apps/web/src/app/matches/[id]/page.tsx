import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { readMatch } from "@arena/match/read";
import { roundScores } from "@arena/scoring/read";
import { db } from "@/lib/db";
import { currentUser } from "@/lib/auth-session";
import { MatchPage } from "@/features/matches/match-page";
import { errorDetailFor } from "@/features/matches/viewer";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

/** Metadata and page read the match once per request; error details only for the agents' owners and admins. */
const match = cache(async (id: string) => readMatch(db(), id, { errorDetailFor: errorDetailFor(await currentUser()) }));

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
