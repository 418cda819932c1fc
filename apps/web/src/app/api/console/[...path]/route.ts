import { serveConsole } from "@/features/console/api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ path: string[] }> };
const serve = async (req: Request, ctx: Ctx) => serveConsole(req, (await ctx.params).path);

export { serve as GET, serve as POST, serve as DELETE };
