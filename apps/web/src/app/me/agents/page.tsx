import Link from "@/components/link";
import { MyAgents } from "@/features/account/my-agents";
import { requireRole } from "@/lib/auth-session";

export const metadata = { title: "My agents" };
export const dynamic = "force-dynamic";

export default async function MyAgentsPage() {
  await requireRole(["owner", "admin"], "/me/agents");
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">My agents</h1>
      <p className="text-sm">
        <Link href="/agents/new" className="underline">
          Submit an agent
        </Link>{" "}
        ·{" "}
        <Link href="/me/tokens" className="underline">
          API tokens
        </Link>
      </p>
      <MyAgents />
    </div>
  );
}
