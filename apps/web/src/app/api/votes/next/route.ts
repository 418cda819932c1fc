import { getNextVote } from "@/features/votes/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
export { getNextVote as GET };
