import { TournamentsPanel } from "@/features/console/panels";
import { ConsoleShell } from "@/features/console/shell";

export const metadata = { title: "Console · Tournaments" };
export const dynamic = "force-dynamic";

export default async function Page() {
  return (
    <ConsoleShell path="/console/tournaments" title="Tournaments">
      <TournamentsPanel />
    </ConsoleShell>
  );
}
