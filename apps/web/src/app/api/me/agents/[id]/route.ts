import { deleteMyAgent, patchMyAgent } from "@/features/account/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

export async function PATCH(req: Request, ctx: Ctx) {
  return patchMyAgent(req, (await ctx.params).id);
}

export async function DELETE(req: Request, ctx: Ctx) {
  return deleteMyAgent(req, (await ctx.params).id);
}
