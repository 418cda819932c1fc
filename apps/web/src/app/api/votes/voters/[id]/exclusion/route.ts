import { deleteExclusion, postExclusion } from "@/features/votes/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function POST(req: Request, ctx: { params: Promise<{ id: string }> }) {
  return postExclusion(req, (await ctx.params).id);
}

export async function DELETE(req: Request, ctx: { params: Promise<{ id: string }> }) {
  return deleteExclusion(req, (await ctx.params).id);
}
