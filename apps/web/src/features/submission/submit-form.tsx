"use client";
import { useState } from "react";
import { buttonClass, inputClass, send } from "../account/client";
import { DescriptionField } from "./description-field";
import { PresetFields } from "./preset-fields";

interface Probe {
  health: string;
  question: string;
  latencyMs: number;
  excerpt: string;
  citations: { count: number; urls: string[] };
  error: { class: string; detail: string } | null;
  problems: string[];
}

function formBody(form: HTMLFormElement) {
  const f = new FormData(form);
  const text = (k: string) => String(f.get(k) ?? "").trim();
  return {
    name: text("name"),
    description: text("description"),
    ...(text("organisation") ? { organisation: text("organisation") } : {}),
    ...(text("link") ? { link: text("link") } : {}),
    protocol: text("protocol"),
    endpoint: text("endpoint"),
    ...(text("model") ? { model: text("model") } : {}),
    ...(String(f.get("api_key") ?? "") ? { api_key: String(f.get("api_key")) } : {}),
    ...(text("tools_offered") ? { tools: f.getAll("tools").map(String) } : {}),
  };
}

/**
 * Agent submission: "Test endpoint" (health check + one probe question, nothing stored), then
 * Submit. Answers are shown as plain text (React escapes them); the key field is never filled back.
 */
export function SubmitForm() {
  const [error, setError] = useState<string | null>(null);
  const [probe, setProbe] = useState<Probe | null>(null);
  const [busy, setBusy] = useState<"test" | "submit" | null>(null);
  async function run(kind: "test" | "submit", form: HTMLFormElement) {
    setBusy(kind);
    setError(null);
    if (kind === "test") setProbe(null);
    const r = await send<Probe>("POST", kind === "test" ? "/api/me/agents/probe" : "/api/agents", formBody(form));
    setBusy(null);
    if (!r.ok) return setError(r.error);
    if (kind === "test") setProbe(r.data);
    else window.location.assign("/me/agents");
  }
  return (
    <form
      className="max-w-xl space-y-3"
      aria-label="Submit an agent"
      onSubmit={(e) => {
        e.preventDefault();
        void run("submit", e.currentTarget);
      }}
    >
      <label className="block text-sm">Name <input name="name" required maxLength={100} className={inputClass} /></label>
      <DescriptionField />
      <label className="block text-sm">
        Organisation <span className="text-zinc-500">(optional: who makes it)</span> <input name="organisation" maxLength={200} className={inputClass} />
      </label>
      <label className="block text-sm">
        Link <span className="text-zinc-500">(optional: a page about the agent, http or https)</span> <input name="link" type="url" maxLength={2000} placeholder="https://" className={inputClass} />
      </label>
      <PresetFields />
      {error && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error}</p>}
      <div className="flex gap-3">
        <button type="button" disabled={busy !== null} className={buttonClass} onClick={(e) => void run("test", e.currentTarget.form!)}>
          {busy === "test" ? "Testing…" : "Test endpoint"}
        </button>
        <button type="submit" disabled={busy !== null} className={buttonClass}>{busy === "submit" ? "Submitting…" : "Submit"}</button>
      </div>
      {probe && (
        <section aria-label="Test result" className="space-y-1 rounded border border-zinc-200 p-3 text-sm dark:border-zinc-800">
          <p>Health: {probe.health}</p>
          <p>Question: {probe.question}</p>
          <p>Latency: {probe.latencyMs} ms · citations parsed: {probe.citations.count}</p>
          {probe.error ? (
            <p className="text-red-700 dark:text-red-400">Error {probe.error.class}: {probe.error.detail}</p>
          ) : (
            <pre className="whitespace-pre-wrap break-words text-xs" data-testid="probe-excerpt">{probe.excerpt}</pre>
          )}
          {probe.problems.map((p) => (
            <p key={p} role="alert" data-testid="probe-problem" className="text-red-700 dark:text-red-400">Problem: {p}</p>
          ))}
        </section>
      )}
    </form>
  );
}
