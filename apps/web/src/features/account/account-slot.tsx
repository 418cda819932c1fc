"use client";
import Link from "@/components/link";
import { useEffect, useState } from "react";

type Me = { email: string; role: string } | null;

/**
 * The header's account controls, filled in the browser so public pages stay static: Sign in, or
 * Vote (every account) / My agents / Audit / Console (by role) / Sign out.
 */
export function AccountSlot() {
  const [me, setMe] = useState<Me | undefined>(undefined);
  useEffect(() => {
    fetch("/api/auth/get-session", { credentials: "same-origin" })
      .then((r) => (r.ok ? r.json() : null))
      .then((s: { user?: { email: string; role?: string } } | null) =>
        setMe(s?.user ? { email: s.user.email, role: s.user.role ?? "" } : null),
      )
      .catch(() => setMe(null));
  }, []);
  if (me === undefined) return null;
  const link = "text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100";
  if (me === null)
    return (
      <Link href="/signin" className={link}>
        Sign in
      </Link>
    );
  async function signOut() {
    await fetch("/api/auth/sign-out", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    window.location.assign("/");
  }
  return (
    <span className="flex items-center gap-4">
      <Link href="/vote" className={link}>
        Vote
      </Link>
      {(me.role === "owner" || me.role === "admin") && (
        <Link href="/me/agents" className={link}>
          My agents
        </Link>
      )}
      {(me.role === "auditor" || me.role === "admin") && (
        <Link href="/audit" className={link}>
          Audit
        </Link>
      )}
      {me.role === "admin" && (
        <Link href="/console" className={link}>
          Console
        </Link>
      )}
      <Link
        href="/me/sessions"
        className="text-xs text-zinc-500 hover:text-zinc-900 dark:hover:text-zinc-100"
        title={`${me.email}: your sessions`}
      >
        {me.role}
      </Link>
      <button type="button" onClick={signOut} className={link}>
        Sign out
      </button>
    </span>
  );
}
