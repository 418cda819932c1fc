import { getTokens, postToken } from "@/features/account/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";
export { getTokens as GET, postToken as POST };
