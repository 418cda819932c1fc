import { notFound, redirect } from "next/navigation";
import { readPeopleLeaderboard } from "@arena/votes/read";
import { cached } from "@/lib/api/cache";
import { db } from "@/lib/db";
import { scopes } from "@/lib/page-data";
import { one, query, type SearchParams } from "@/lib/params";
import { PeoplePage } from "@/features/people/people-page";

export const dynamic = "force-dynamic";
export const metadata = { title: "Leaderboard: people" };

/** `/leaderboard?by=people[&examiner=ID]`: the people's leaderboard; any other `/leaderboard` is the examiner's at `/`. */
export default async function Leaderboard({ searchParams }: { searchParams: SearchParams }) {
  const sp = await searchParams;
  const examiner = one(sp.examiner);
  if (one(sp.by) !== "people")
    redirect(`/${query({ examiner, tournament: one(sp.tournament), window: one(sp.window), topic: one(sp.topic) })}`);
  const [board, all] = await Promise.all([
    cached(`page:people:${examiner ?? ""}`, () => readPeopleLeaderboard(db(), examiner ? { examiner } : {})),
    scopes(),
  ]);
  if (!board) notFound();
  return <PeoplePage board={board} scopes={all} />;
}
