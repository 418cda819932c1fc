import { AgentsPanel } from "@/features/console/panels";
import { ConsoleShell } from "@/features/console/shell";

export const metadata = { title: "Console · Agents" };
export const dynamic = "force-dynamic";

export default async function Page() {
  return (
    <ConsoleShell path="/console/agents" title="Agents">
      <AgentsPanel />
    </ConsoleShell>
  );
}
