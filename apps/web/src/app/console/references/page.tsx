import { readPeopleLeaderboard, readReferences, readVoters } from "@arena/votes/read";
import { readScopes } from "@arena/tournament/read";
import { requireRole } from "@/lib/auth-session";
import { db } from "@/lib/db";
import { ConsoleShell } from "@/features/console/shell";
import { ReferencesConsole } from "@/features/console/references/references-page";

export const metadata = { title: "Console · People & references" };
export const dynamic = "force-dynamic";

export default async function Page() {
  await requireRole(["admin"], "/console/references");
  const [people, voters, references, scopes] = await Promise.all([
    readPeopleLeaderboard(db()),
    readVoters(db()),
    readReferences(db()),
    readScopes(db()),
  ]);
  return (
    <ConsoleShell path="/console/references" title="People & references">
      <ReferencesConsole
        people={people!}
        voters={voters}
        references={references}
        examiners={scopes.examiners.map((e) => ({ id: e.id, name: e.name }))}
      />
    </ConsoleShell>
  );
}
