import { readAuditQueues } from "@arena/audit/read";
import { requireRole } from "@/lib/auth-session";
import { db } from "@/lib/db";
import { AUDITORS, viewerOf } from "@/features/audit/access";
import { AuditHome } from "@/features/audit/home";

export const metadata = { title: "Audit" };
export const dynamic = "force-dynamic";

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireRole(AUDITORS, "/audit");
  const finished = (await searchParams).finished;
  return (
    <AuditHome
      queues={await readAuditQueues(db(), viewerOf(user))}
      admin={user.role === "admin"}
      finished={typeof finished === "string" ? finished : null}
    />
  );
}
