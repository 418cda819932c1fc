import { postVariants } from "@/features/audit/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function POST(req: Request, ctx: { params: Promise<{ id: string }> }) {
  return postVariants(req, (await ctx.params).id);
}
