import { auditReport, readAuditQueues } from "@arena/audit/read";
import { requireRole } from "@/lib/auth-session";
import { db } from "@/lib/db";
import { AUDITORS, viewerOf } from "@/features/audit/access";
import { AuditReportPage } from "@/features/audit/report-page";

export const metadata = { title: "Audit report" };
export const dynamic = "force-dynamic";

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireRole(AUDITORS, "/audit/report");
  const q = (await searchParams).queue;
  const queueId = typeof q === "string" && q.length <= 200 ? q : null;
  const viewer = viewerOf(user);
  const [report, queues] = await Promise.all([auditReport(db(), viewer, queueId), readAuditQueues(db(), viewer)]);
  return <AuditReportPage report={report} queues={queues} />;
}
