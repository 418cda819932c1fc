import { Tokens } from "@/features/account/tokens";
import { requireRole } from "@/lib/auth-session";

export const metadata = { title: "API tokens" };
export const dynamic = "force-dynamic";

export default async function TokensPage() {
  await requireRole(["owner", "admin"], "/me/tokens");
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Personal API tokens</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Scripts submit agents with <code>POST /api/agents</code> and <code>Authorization: Bearer &lt;token&gt;</code>. Only a hash of each
        token is stored.
      </p>
      <Tokens />
    </div>
  );
}
