"use client";
import Link from "next/link";
import { useEffect, useState } from "react";
import type { AgentOverview } from "@arena/agents";
import { buttonClass, inputClass, send } from "./client";

const POLL_MS = 2000;

/** The owner's agents, refreshed every two seconds: status, matches, last result, rating. */
export function MyAgents() {
  const [rows, setRows] = useState<AgentOverview[] | null>(null);
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const load = () => fetch("/api/me/agents", { credentials: "same-origin" }).then((r) => (r.ok ? r.json() : null)).then((d: AgentOverview[] | null) => live && d && setRows(d)).catch(() => undefined);
    void load();
    const timer = setInterval(load, POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  async function rotate(id: string, form: HTMLFormElement) {
    const key = String(new FormData(form).get("api_key") ?? "");
    const r = await send<{ ok: boolean; detail: string }>("POST", `/api/me/agents/${id}/key`, { api_key: key || null });
    form.reset();
    setNote(r.ok ? `Key replaced; health check: ${r.data.ok ? "passed" : "failed"} (${r.data.detail})` : (r.data.error ?? "failed"));
  }
  if (rows === null) return <p>Loading your agents…</p>;
  if (!rows.length) return <p>No agents yet: <Link href="/agents/new" className="underline">submit one</Link>.</p>;
  return (
    <div className="space-y-3">
      {note && <p role="status" className="text-sm">{note}</p>}
      <div className="overflow-x-auto">
        <table className="w-full text-sm [&_td]:px-2 [&_th]:px-2">
          <thead>
            <tr className="text-left text-zinc-500">
              <th className="py-1">Agent</th><th>Status</th><th className="text-right">Queued</th><th className="text-right">Running</th><th className="text-right">Finished</th><th>Last match</th><th className="text-right">Rating</th><th>Key</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a.id} data-agent={a.name} className="border-t border-zinc-200 align-top dark:border-zinc-800">
                <td className="py-1"><Link href={`/agents/${a.id}`} className="underline">{a.name}</Link><div className="text-xs text-zinc-500">{a.protocol} · {a.endpoint}</div></td>
                <td data-testid="status">{a.status}{a.healthError ? <div className="text-xs text-red-700">{a.healthError}</div> : null}</td>
                <td className="text-right tabular-nums">{a.matches.queued}</td>
                <td className="text-right tabular-nums">{a.matches.running}</td>
                <td className="text-right tabular-nums" data-testid="finished">{a.matches.finished}</td>
                <td data-testid="last-match">{a.lastFinished ? <Link href={`/matches/${a.lastFinished.id}`} className="underline">{a.lastFinished.result} vs {a.lastFinished.opponent}</Link> : "—"}</td>
                <td className="text-right tabular-nums">{a.rating ? `${Math.round(a.rating.value)} (${Math.round(a.rating.lower)}–${Math.round(a.rating.upper)})` : "—"}</td>
                <td>
                  <span className="text-xs">{a.hasKey ? "set" : "none"}</span>
                  <form className="mt-1 flex gap-1" onSubmit={(e) => { e.preventDefault(); void rotate(a.id, e.currentTarget); }}>
                    <input name="api_key" type="password" autoComplete="off" placeholder="new key" aria-label={`new key for ${a.name}`} className={inputClass} />
                    <button type="submit" className={buttonClass}>Rotate</button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
