import { postWithdraw } from "@/features/account/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function POST(req: Request, ctx: { params: Promise<{ id: string }> }) {
  return postWithdraw(req, (await ctx.params).id);
}
