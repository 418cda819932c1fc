import { getSpansJsonl } from "@/features/votes/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
export { getSpansJsonl as GET };
