import { TreesPanel } from "@/features/console/panels";
import { SchedulePanel } from "@/features/console/schedule-panel";
import { ConsoleShell } from "@/features/console/shell";

export const metadata = { title: "Console · Trees" };
export const dynamic = "force-dynamic";

export default async function Page() {
  return (
    <ConsoleShell path="/console/trees" title="Trees">
      <TreesPanel />
      <SchedulePanel />
    </ConsoleShell>
  );
}
