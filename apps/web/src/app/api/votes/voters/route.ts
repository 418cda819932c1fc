import { getVoters } from "@/features/votes/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
export { getVoters as GET };
