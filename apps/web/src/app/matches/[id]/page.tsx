import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { readMatch } from "@arena/match/read";
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
  const m = await match((await params).id);
  if (!m) notFound();
  return <MatchPage match={m} />;
}
