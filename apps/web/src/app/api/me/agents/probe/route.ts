import { postProbe } from "@/features/submission/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
export { postProbe as POST };
