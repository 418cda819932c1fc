import { postVote } from "@/features/votes/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
export { postVote as POST };
