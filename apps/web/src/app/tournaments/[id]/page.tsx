import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { readRatingHistory, readTournament } from "@arena/tournament/read";
import { db } from "@/lib/db";
import { TournamentPage } from "@/features/tournaments/tournament-page";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

/** Metadata and page read the tournament once per request. */
const tournament = cache((id: string) => readTournament(db(), id));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const t = await tournament((await params).id);
  return { title: t ? `Tournament ${t.name}` : "Tournament not found" };
}

export default async function Page({ params }: Props) {
  const t = await tournament((await params).id);
  if (!t) notFound();
  return <TournamentPage t={t} history={await readRatingHistory(db(), t.id)} />;
}
