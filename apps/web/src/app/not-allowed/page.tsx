import Link from "@/components/link";
import { currentUser } from "@/lib/auth-session";
import { one, type SearchParams } from "@/lib/params";
import { link, PageTitle } from "@/components/ui";
import { rolesInWords } from "@/lib/not-allowed";

export const metadata = { title: "Not allowed" };
export const dynamic = "force-dynamic";

/** Where the proxy and requireRole send a signed-in account that opens a page its role may not. */
export default async function NotAllowedPage({ searchParams }: { searchParams: SearchParams }) {
  const sp = await searchParams;
  const need = (one(sp.need) ?? "").split(",").filter(Boolean);
  const next = one(sp.next);
  const safeNext = next?.startsWith("/") && !next.startsWith("//") ? next : undefined;
  const user = await currentUser();
  return (
    <div className="max-w-xl space-y-3" data-testid="not-allowed">
      <PageTitle>This page is not open to your account</PageTitle>
      <p>
        {safeNext ? <Code>{safeNext}</Code> : "That page"} is for {rolesInWords(need)}.{" "}
        {user ? (
          <>
            You are signed in as <strong>{user.email}</strong>, an account of the role <strong>{user.role}</strong>.
          </>
        ) : (
          "You are not signed in."
        )}
      </p>
      <p>What you can do:</p>
      <ul className="list-disc space-y-1 pl-6">
        <li>Ask an administrator of this arena to give your account the role it needs.</li>
        <li>
          <Link href={`/signin${safeNext ? `?next=${encodeURIComponent(safeNext)}` : ""}`} className={link}>
            Sign in with another account
          </Link>
          .
        </li>
        <li>
          Go back to the{" "}
          <Link href="/" className={link}>
            leaderboard
          </Link>
          {user && (user.role === "owner" || user.role === "admin") ? (
            <>
              {" "}
              or to{" "}
              <Link href="/me/agents" className={link}>
                your agents
              </Link>
            </>
          ) : null}
          .
        </li>
      </ul>
    </div>
  );
}

function Code({ children }: { children: React.ReactNode }) {
  return <code className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.9em] dark:bg-zinc-800">{children}</code>;
}
