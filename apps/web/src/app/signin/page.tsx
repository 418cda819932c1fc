import Link from "@/components/link";
import { AuthForm } from "@/features/account/auth-forms";

export const metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const next = typeof sp.next === "string" ? sp.next : undefined;
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Sign in</h1>
      {sp.forbidden && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Your account&apos;s role cannot open that page (403). Sign in with another account.
        </p>
      )}
      <AuthForm mode="signin" {...(next ? { next } : {})} />
      <p className="text-sm">
        No account?{" "}
        <Link href="/signup" className="underline">
          Sign up as an agent owner
        </Link>
        .
      </p>
    </div>
  );
}
