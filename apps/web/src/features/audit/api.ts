import {
  answersSchema,
  auditQueueParamsSchema,
  chooseVariants,
  variantChoiceSchema,
  claimItem,
  closeAuditQueue,
  createAuditQueue,
  newQueueSchema,
  nextItem,
  reviewSchema,
  submitAnswers,
  submitReview,
  voidAndPublish,
  voidRequestSchema,
} from "@arena/audit";
import { ANNOTATION_COLUMNS, auditReport, exportAnnotations, readAuditItem, readAuditQueues } from "@arena/audit/read";
import { requireRoleApi, type SessionUser } from "@/lib/auth-session";
import { csvCell } from "@/lib/api/csv";
import { db } from "@/lib/db";
import { errorResponse, handle } from "@/lib/api/http";
import { jsonBody } from "../submission/body";
import { AUDITORS, viewerOf } from "./access";

/**
 * The audit API under /api/audit. Auditors (and admins) annotate and read the report; queue
 * creation, closing and voiding are admin-only. Everything answers `{error: {code, message}}`
 * with 401 / 403 before any read, and the statuses of lib/api/http's table after.
 */
const ADMINS = ["admin"] as const;

type Handler = (user: SessionUser) => Promise<Response>;

async function guarded(req: Request, roles: readonly ("admin" | "auditor")[], run: Handler): Promise<Response> {
  const a = await requireRoleApi(req, roles);
  if ("response" in a) return a.response;
  return handle(() => run(a.user));
}

const body = (req: Request) => jsonBody(req);

const queueOf = (req: Request) => auditQueueParamsSchema.parse(Object.fromEntries(new URL(req.url).searchParams)).queue ?? null;
const noStore = { "Cache-Control": "no-store" } as const;

export const getQueues = (req: Request) =>
  guarded(req, AUDITORS, async (u) => Response.json(await readAuditQueues(db(), viewerOf(u)), { headers: noStore }));

export const postQueue = (req: Request) =>
  guarded(req, ADMINS, async (u) =>
    Response.json(await createAuditQueue(db(), newQueueSchema.parse(await body(req)), u.id), { status: 201 }),
  );

export const postClose = (req: Request, id: string) => guarded(req, ADMINS, async () => Response.json(await closeAuditQueue(db(), id)));

/**
 * The next item of a queue for the signed-in auditor, held for them for five minutes. A form post
 * (the home page's Next item button) is redirected to the item; a script gets `{ itemId }`.
 */
export const postNext = (req: Request, queueId: string) =>
  guarded(req, AUDITORS, async (u) => {
    const next = await nextItem(db(), queueId, u.id);
    if ((req.headers.get("accept") ?? "").includes("application/json")) return Response.json({ itemId: next?.itemId ?? null });
    const to = next ? `/audit/items/${next.itemId}` : `/audit?finished=${encodeURIComponent(queueId)}`;
    return new Response(null, { status: 303, headers: { Location: to } });
  });

export const getItem = (req: Request, id: string) =>
  guarded(req, AUDITORS, async (u) => {
    await claimItem(db(), id, u.id);
    const view = await readAuditItem(db(), id, u.id);
    return view ? Response.json(view, { headers: noStore }) : errorResponse(404, "audit item not found");
  });

export const postAnswers = (req: Request, id: string) =>
  guarded(req, AUDITORS, async (u) => Response.json(await submitAnswers(db(), id, u.id, answersSchema.parse(await body(req)))));

export const postReview = (req: Request, id: string) =>
  guarded(req, AUDITORS, async (u) => Response.json(await submitReview(db(), id, u.id, reviewSchema.parse(await body(req)))));

export const getReport = (req: Request) =>
  guarded(req, AUDITORS, async (u) => Response.json(await auditReport(db(), viewerOf(u), queueOf(req)), { headers: noStore }));

export const getJsonl = (req: Request) =>
  guarded(req, AUDITORS, async (u) => {
    const rows = await exportAnnotations(db(), viewerOf(u), queueOf(req));
    return new Response(rows.map((r) => `${JSON.stringify(r)}\n`).join(""), {
      headers: {
        "Content-Type": "application/x-ndjson; charset=utf-8",
        "Content-Disposition": 'attachment; filename="annotations.jsonl"',
        ...noStore,
      },
    });
  });

export const getCsv = (req: Request) =>
  guarded(req, AUDITORS, async (u) => {
    const rows = await exportAnnotations(db(), viewerOf(u), queueOf(req));
    const lines = [ANNOTATION_COLUMNS.join(","), ...rows.map((r) => ANNOTATION_COLUMNS.map((c) => csvCell(r[c])).join(","))];
    return new Response(`${lines.join("\r\n")}\r\n`, {
      headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="annotations.csv"', ...noStore },
    });
  });

/** Voids a round; a snapshot event then drops every server's cached leaderboards (voidAndPublish). */
export const postVoid = (req: Request, roundId: string) =>
  guarded(req, ADMINS, async (u) =>
    Response.json(await voidAndPublish(db(), roundId, u.id, voidRequestSchema.parse(await body(req)).reason)),
  );

/** Instrument I: the auditor's best question and best checklist among the three options shown. */
export const postVariants = (req: Request, id: string) =>
  guarded(req, AUDITORS, async (u) => Response.json(await chooseVariants(db(), id, u.id, variantChoiceSchema.parse(await body(req)))));
