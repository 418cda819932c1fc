import { NextResponse } from "next/server";
import { optionalUser } from "@/lib/auth-session";
import { healthFor, webHealth } from "@/lib/health";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * Health for load balancers and orchestrators: 200 when PostgreSQL and Redis answer, else 503
 * (body: webHealthSchema). A failed check's error text is for admins only (healthFor).
 */
export async function GET(req: Request): Promise<Response> {
  const health = await webHealth();
  return NextResponse.json(healthFor(health, await isAdmin(req)), {
    status: health.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}

/** Probes send no credentials and wait on no session lookup; a lookup that fails or takes over 2 s (the database down) reads as anonymous. */
async function isAdmin(req: Request): Promise<boolean> {
  if (!req.headers.get("cookie") && !req.headers.get("authorization")) return false;
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), 2_000)));
  const user = await Promise.race([optionalUser(req).catch(() => null), gaveUp]).finally(() => clearTimeout(timer));
  return user?.role === "admin";
}
