import { cache, type ReactNode } from "react";
import { readRoundSpans } from "@arena/votes/read";
import { currentUser } from "@/lib/auth-session";
import { db } from "@/lib/db";
import { SpanLayer } from "./span-layer";

/** One read of a round's marks per request (both answers of the round ask). */
const roundSpans = cache(async (roundId: string) => {
  const viewer = await currentUser();
  return { viewer, spans: await readRoundSpans(db(), { roundId, ...(viewer ? { viewerId: viewer.id } : {}) }) };
});

/**
 * On the match page: an answer with readers' marks (counts per label, highlights, the reader's own
 * always), and for a signed-in reader the marking toolbar over a selection. An answer nobody
 * marked, read by a visitor, is passed through as it is (no client code, no stored text twice).
 */
export async function AnswerSpans({
  roundId,
  seat,
  text,
  children,
}: {
  roundId: string;
  seat: "A" | "B";
  text: string;
  children: ReactNode;
}) {
  const { viewer, spans } = await roundSpans(roundId);
  const mine = spans[seat];
  if (!viewer && mine.spans.length === 0) return children;
  return (
    <SpanLayer target={{ roundId, seat, seats: "match" }} stored={text} initial={mine.spans} counts={mine.counts} canMark={viewer !== null}>
      {children}
    </SpanLayer>
  );
}
