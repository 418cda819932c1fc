"use client";
import { useEffect, useState } from "react";
import { buttonClass, inputClass, send } from "../../account/client";
import type { HostRow, Settings } from "./rows";
import { Field, Note, useAction, useList } from "./shared";

export function SettingsPanel() {
  const [settings, setSettings] = useState<Settings | null>(null);
  const [hosts, loadHosts] = useList<HostRow>("allowed-hosts");
  const { note, act } = useAction(loadHosts);
  useEffect(() => void send<Settings>("GET", "/api/console/settings").then((r) => r.ok && setSettings(r.data)), []);
  const toggle = async (key: keyof Settings) => {
    const r = await send<Settings>("POST", "/api/console/settings", { [key]: !settings![key] });
    if (r.ok) setSettings(r.data);
  };
  if (!settings) return <p>Loading…</p>;
  return (
    <div className="space-y-4">
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={settings.openSignUp} onChange={() => void toggle("openSignUp")} /> Open sign-up (owners create their
        own accounts)
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={settings.autoApproval} onChange={() => void toggle("autoApproval")} /> Auto-approval of submitted
        agents
      </label>
      <h2 className="font-semibold">Address-guard allow-list</h2>
      <Note note={note} />
      <form
        className="flex max-w-lg items-end gap-2 text-sm"
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          void act("POST", "allowed-hosts", { pattern: String(f.get("pattern")), note: String(f.get("note") || "") || null });
          e.currentTarget.reset();
        }}
      >
        <Field label="Host pattern">
          <input name="pattern" required placeholder="host, IP, CIDR or host:port" className={inputClass} />
        </Field>
        <Field label="Note">
          <input name="note" className={inputClass} />
        </Field>
        <button type="submit" className={buttonClass}>
          Allow
        </button>
      </form>
      <ul className="text-sm">
        {hosts.map((h) => (
          <li key={h.id}>
            <code>{h.pattern}</code> {h.note}{" "}
            <button type="button" className="underline" onClick={() => void act("DELETE", `allowed-hosts/${h.id}`)}>
              Remove
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
