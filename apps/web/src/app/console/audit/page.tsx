import { readAuditQueues, voidCandidates } from "@arena/audit/read";
import { readAgents, readScopes } from "@arena/tournament/read";
import { requireRole } from "@/lib/auth-session";
import { db } from "@/lib/db";
import { viewerOf } from "@/features/audit/access";
import { ConsoleAudit } from "@/features/audit/console-audit";
import { ConsoleShell } from "@/features/console/shell";

export const metadata = { title: "Console · Audit queues" };
export const dynamic = "force-dynamic";

export default async function Page() {
  const user = await requireRole(["admin"], "/console/audit");
  const [queues, scopes, agents, candidates] = await Promise.all([
    readAuditQueues(db(), viewerOf(user)),
    readScopes(db()),
    readAgents(db()),
    voidCandidates(db()),
  ]);
  return (
    <ConsoleShell path="/console/audit" title="Audit queues">
      <ConsoleAudit
        queues={queues}
        examiners={scopes.examiners.map((e) => ({ id: e.id, name: e.name }))}
        tournaments={scopes.tournaments.map((t) => ({ id: t.id, name: t.name }))}
        agents={agents.map((a) => ({ id: a.id, name: a.name }))}
        candidates={candidates}
      />
    </ConsoleShell>
  );
}
