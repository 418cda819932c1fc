import { deleteToken } from "@/features/account/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function DELETE(req: Request, ctx: { params: Promise<{ id: string }> }) {
  return deleteToken(req, (await ctx.params).id);
}
