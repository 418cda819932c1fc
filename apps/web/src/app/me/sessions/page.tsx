import { ROLES } from "@/features/account/roles";
import { Sessions } from "@/features/account/sessions";
import { requireRole } from "@/lib/auth-session";

export const metadata = { title: "Sessions" };
export const dynamic = "force-dynamic";

export default async function SessionsPage() {
  const me = await requireRole(ROLES, "/me/sessions");
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Your sessions</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Signed in as <strong>{me.email}</strong> ({me.role}). Each browser you signed in from keeps a session for up to 7 days of
        inactivity; signing one out here ends it at once.
      </p>
      <Sessions />
    </div>
  );
}
