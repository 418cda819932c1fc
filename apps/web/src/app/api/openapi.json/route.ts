import { NextResponse } from "next/server";
import { openApiDocument } from "@/lib/api/openapi";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// Built once per process: the document only changes with the code.
let doc: ReturnType<typeof openApiDocument> | undefined;

export function GET(): Response {
  doc ??= openApiDocument();
  return NextResponse.json(doc, { headers: { "Cache-Control": "public, max-age=300" } });
}
