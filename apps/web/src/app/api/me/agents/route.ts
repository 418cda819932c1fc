import { getMyAgents } from "@/features/account/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
export { getMyAgents as GET };
