import { getJsonl } from "@/features/audit/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = getJsonl;
