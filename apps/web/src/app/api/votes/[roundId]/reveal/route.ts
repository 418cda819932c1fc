import { getReveal } from "@/features/votes/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(req: Request, ctx: { params: Promise<{ roundId: string }> }) {
  return getReveal(req, (await ctx.params).roundId);
}
