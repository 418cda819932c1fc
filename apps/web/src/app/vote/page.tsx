import { nextVoteRound } from "@arena/votes";
import { readVoteSpans } from "@arena/votes/read";
import { ROLES } from "@/features/account/roles";
import { requireRole } from "@/lib/auth-session";
import { db } from "@/lib/db";
import { NoRoundLeft, VotePage } from "@/features/votes/vote-page";

export const metadata = { title: "Vote" };
export const dynamic = "force-dynamic";

/** Blind votes: any signed-in account; the page is rendered from the served round alone (docs/voting.md). */
export default async function Page() {
  const user = await requireRole(ROLES, "/vote");
  const round = await nextVoteRound(db(), { voterId: user.id });
  if (!round) return <NoRoundLeft />;
  // The voter's own marks on this round (a reload keeps them), in the seats they are shown.
  const spans = await readVoteSpans(db(), { voterId: user.id, roundId: round.roundId });
  return <VotePage round={round} spans={spans} />;
}
