import { ConsoleOverview } from "@/features/console/overview";
import { SettingsPanel } from "@/features/console/panels";
import { ConsoleShell } from "@/features/console/shell";
import { requireRole } from "@/lib/auth-session";

export const metadata = { title: "Console · Overview" };
export const dynamic = "force-dynamic";

export default async function Page() {
  const user = await requireRole(["admin"], "/console");
  return (
    <ConsoleShell path="/console" title="Overview">
      <ConsoleOverview viewerId={user.id} />
      <h2 className="pt-4 text-lg font-semibold">Settings</h2>
      <SettingsPanel />
    </ConsoleShell>
  );
}
