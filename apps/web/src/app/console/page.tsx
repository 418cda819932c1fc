import { SettingsPanel } from "@/features/console/panels";
import { ConsoleShell } from "@/features/console/shell";

export const metadata = { title: "Console · Settings" };
export const dynamic = "force-dynamic";

export default async function Page() {
  return (
    <ConsoleShell path="/console" title="Settings">
      <SettingsPanel />
    </ConsoleShell>
  );
}
