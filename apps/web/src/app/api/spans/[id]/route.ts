import { deleteOwnSpan } from "@/features/votes/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function DELETE(req: Request, ctx: { params: Promise<{ id: string }> }) {
  return deleteOwnSpan(req, (await ctx.params).id);
}
