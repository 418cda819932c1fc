import { ExaminersPanel } from "@/features/console/panels";
import { ConsoleShell } from "@/features/console/shell";

export const metadata = { title: "Console · Examiner configurations" };
export const dynamic = "force-dynamic";

export default async function Page() {
  return (
    <ConsoleShell path="/console/examiners" title="Examiner configurations">
      <ExaminersPanel />
    </ConsoleShell>
  );
}
