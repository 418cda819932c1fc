import { NextResponse } from "next/server";
import { webHealth } from "@/lib/health";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Health for load balancers and orchestrators: 200 when PostgreSQL and Redis answer, else 503 (body: webHealthSchema). */
export async function GET(): Promise<Response> {
  const health = await webHealth();
  return NextResponse.json(health, { status: health.status === "ok" ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
