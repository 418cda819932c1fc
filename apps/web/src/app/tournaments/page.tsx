import type { Metadata } from "next";
import { readTournaments } from "@arena/tournament/read";
import { db } from "@/lib/db";
import { LiveRefresh } from "@/components/live-refresh";
import { PageTitle } from "@/components/ui";
import { TournamentList } from "@/features/tournaments/tournament-list";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Tournaments" };

export default async function TournamentsPage() {
  const tournaments = await readTournaments(db());
  return (
    <>
      <PageTitle aside={<LiveRefresh types={["match", "tournament"]} />}>Tournaments</PageTitle>
      <TournamentList tournaments={tournaments} />
    </>
  );
}
