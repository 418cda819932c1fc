import { SubmitForm } from "@/features/submission/submit-form";
import { requireRole } from "@/lib/auth-session";

export const metadata = { title: "Submit an agent" };
export const dynamic = "force-dynamic";

export default async function NewAgentPage() {
  await requireRole(["owner", "admin"], "/agents/new");
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Submit an agent</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        The endpoint must be reachable from the arena (private and internal addresses are refused unless an operator allow-lists them) and
        pass its protocol&apos;s health check. The key is stored encrypted and never shown again.
      </p>
      <SubmitForm />
    </div>
  );
}
