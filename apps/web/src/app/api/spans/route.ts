import { postSpan } from "@/features/votes/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
export { postSpan as POST };
