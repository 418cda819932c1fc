"use client";
import { useCallback, useEffect, useState } from "react";
import type { ApiTokenRow } from "@arena/db/accounts";
import { buttonClass, inputClass, send } from "./client";

/** Personal API tokens for POST /api/agents: created (shown once), listed by prefix, revoked. */
export function Tokens() {
  const [rows, setRows] = useState<ApiTokenRow[]>([]);
  const [fresh, setFresh] = useState<string | null>(null);
  const load = useCallback(() => send<ApiTokenRow[]>("GET", "/api/tokens").then((r) => r.ok && setRows(r.data)), []);
  useEffect(() => void load(), [load]);
  async function create(form: HTMLFormElement) {
    const r = await send<{ token: string }>("POST", "/api/tokens", { name: String(new FormData(form).get("name") ?? "") });
    if (r.ok) setFresh(r.data.token);
    form.reset();
    await load();
  }
  return (
    <div className="space-y-3">
      <form
        className="flex max-w-md gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void create(e.currentTarget);
        }}
      >
        <input name="name" required maxLength={100} placeholder="token name" aria-label="token name" className={inputClass} />
        <button type="submit" className={buttonClass}>
          Create token
        </button>
      </form>
      {fresh && (
        <p role="status" className="text-sm">
          Copy it now, it is not shown again: <code data-testid="new-token">{fresh}</code>
        </p>
      )}
      <ul className="text-sm">
        {rows.map((t) => (
          <li key={t.id} className="flex gap-3">
            <code>{t.prefix}…</code> {t.name}{" "}
            {t.revokedAt ? (
              <span className="text-zinc-500">revoked</span>
            ) : (
              <button type="button" className="underline" onClick={() => void send("DELETE", `/api/tokens/${t.id}`).then(load)}>
                Revoke
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
