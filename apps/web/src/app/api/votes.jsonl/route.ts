import { getVotesJsonl } from "@/features/votes/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
export { getVotesJsonl as GET };
