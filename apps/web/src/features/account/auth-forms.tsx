"use client";
import { useState } from "react";
import { buttonClass, inputClass, send } from "./client";
import { landingFor } from "./roles";

/** Only same-site paths are followed after sign-in (no open redirect). */
function safeNext(next: string | undefined): string | null {
  return next?.startsWith("/") && !next.startsWith("//") ? next : null;
}

/** The signed-in role, from the session the sign-in just set (better-auth's sign-in answer may omit it). */
async function signedInRole(): Promise<unknown> {
  const r = await send<{ user?: { role?: unknown } } | null>("GET", "/api/auth/get-session");
  return r.data?.user?.role;
}

export function AuthForm({ mode, next }: { mode: "signin" | "signup"; next?: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const f = new FormData(e.currentTarget);
    const body = {
      email: String(f.get("email")),
      password: String(f.get("password")),
      ...(mode === "signup" ? { name: String(f.get("name")) } : {}),
    };
    const r = await send("POST", mode === "signin" ? "/api/auth/sign-in/email" : "/api/auth/sign-up/email", body);
    setBusy(false);
    if (!r.ok) return setError(r.status === 429 && !r.error ? "Too many attempts: wait a minute and try again." : r.error);
    // An explicit return address wins; otherwise each role lands on its own page.
    window.location.assign(mode === "signup" ? "/agents/new" : (safeNext(next) ?? landingFor(await signedInRole())));
  }
  return (
    <form onSubmit={onSubmit} className="max-w-sm space-y-3" aria-label={mode === "signin" ? "Sign in" : "Sign up"}>
      {mode === "signup" && (
        <label className="block text-sm">
          Name <input name="name" required maxLength={100} className={inputClass} />
        </label>
      )}
      <label className="block text-sm">
        Email <input name="email" type="email" required autoComplete="email" className={inputClass} />
      </label>
      <label className="block text-sm">
        Password{" "}
        <input
          name="password"
          type="password"
          required
          minLength={8}
          maxLength={128}
          autoComplete={mode === "signin" ? "current-password" : "new-password"}
          className={inputClass}
        />
      </label>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy} className={buttonClass}>
        {mode === "signin" ? "Sign in" : "Create account"}
      </button>
    </form>
  );
}
