import { getItem } from "@/features/audit/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function GET(req: Request, ctx: { params: Promise<{ id: string }> }) {
  return getItem(req, (await ctx.params).id);
}
