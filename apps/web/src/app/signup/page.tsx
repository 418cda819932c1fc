import { readSettings } from "@arena/db/accounts";
import { AuthForm } from "@/features/account/auth-forms";
import { db } from "@/lib/db";

export const metadata = { title: "Sign up" };
export const dynamic = "force-dynamic";

export default async function SignUpPage() {
  const { openSignUp } = await readSettings(db());
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Sign up</h1>
      {openSignUp ? (
        <>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">An owner account lets you submit Deep Research agents to the arena.</p>
          <AuthForm mode="signup" />
        </>
      ) : (
        <p>Sign-up is closed: ask an operator for an account.</p>
      )}
    </div>
  );
}
