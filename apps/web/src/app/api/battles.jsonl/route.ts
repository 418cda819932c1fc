import { readBattles } from "@arena/tournament/read";
import { db } from "@/lib/db";
import { cached } from "@/lib/api/cache";
import { handle, notFound, queryParams } from "@/lib/api/http";
import { API_ROUTES } from "@/lib/api/routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return handle(async () => {
    const scope = queryParams(request, API_ROUTES.battles.query);
    const body = await cached(`battles:${scope.examiner ?? ""}:${scope.tournament ?? ""}`, async () => {
      const battles = await readBattles(db(), scope);
      return battles ? battles.map((b) => `${JSON.stringify(b)}\n`).join("") : null;
    });
    if (body === null) throw notFound("examiner configuration or tournament");
    return new Response(body, {
      headers: {
        "Content-Type": "application/x-ndjson; charset=utf-8",
        "Content-Disposition": 'attachment; filename="battles.jsonl"',
        "Cache-Control": "no-store",
      },
    });
  });
}
