"use client";
import { useEffect, useRef, useState } from "react";
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

/** What a half-filled form keeps across a reload (in this browser only); never the key. */
const DRAFT_KEY = "arena:agent-submission-draft";
const DRAFT_FIELDS = ["preset", "name", "description", "organisation", "link", "endpoint", "model"] as const;

function saveDraft(form: HTMLFormElement): void {
  const f = new FormData(form);
  const draft = Object.fromEntries(DRAFT_FIELDS.map((k) => [k, String(f.get(k) ?? "")]));
  try {
    localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the form works without a draft.
  }
}

function readDraft(): Partial<Record<(typeof DRAFT_FIELDS)[number], string>> | null {
  try {
    const d = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? "null") as unknown;
    return d && typeof d === "object" ? (d as Record<string, string>) : null;
  } catch {
    return null;
  }
}

/**
 * Sets a field as if typed, so React's handlers (the description's counter, the preset's fields)
 * see it: React tracks the value a script sets directly and would ignore the event otherwise.
 */
function fill(el: Element | null, value: string): void {
  if (
    !(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) ||
    typeof value !== "string"
  )
    return;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), "value")?.set?.call(el, value);
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
}

/**
 * Agent submission: "Test endpoint" (health check + one probe question, nothing stored), then
 * Submit. Answers are shown as plain text (React escapes them); the key field is never filled back.
 * A half-filled form is kept as a draft in localStorage (not the key) and filled back after a
 * reload; a successful submit clears it and replaces this page in the history, so Back does not
 * show the sent form again (its resubmit would only meet "already exists").
 */
export function SubmitForm() {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const draft = readDraft();
    const form = formRef.current;
    if (!draft || !form) return;
    // The preset first: it renders the endpoint and model fields the rest of the draft fills.
    if (draft.preset) fill(form.elements.namedItem("preset") as Element | null, draft.preset);
    const rest = requestAnimationFrame(() => {
      for (const k of DRAFT_FIELDS) if (k !== "preset" && draft[k]) fill(form.elements.namedItem(k) as Element | null, draft[k]);
    });
    return () => cancelAnimationFrame(rest);
  }, []);
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
    if (kind === "test") return setProbe(r.data);
    localStorage.removeItem(DRAFT_KEY);
    window.location.replace("/me/agents");
  }
  return (
    <form
      ref={formRef}
      className="max-w-xl space-y-3"
      aria-label="Submit an agent"
      onInput={(e) => saveDraft(e.currentTarget)}
      onChange={(e) => saveDraft(e.currentTarget)}
      onSubmit={(e) => {
        e.preventDefault();
        void run("submit", e.currentTarget);
      }}
    >
      <label className="block text-sm">
        Name <input name="name" required maxLength={100} className={inputClass} />
      </label>
      <DescriptionField />
      <label className="block text-sm">
        Organisation <span className="text-zinc-500">(optional: who makes it)</span>{" "}
        <input name="organisation" maxLength={200} className={inputClass} />
      </label>
      <label className="block text-sm">
        Link <span className="text-zinc-500">(optional: a page about the agent, http or https)</span>{" "}
        <input name="link" type="url" maxLength={2000} placeholder="https://" className={inputClass} />
      </label>
      <PresetFields />
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <div className="flex gap-3">
        <button type="button" disabled={busy !== null} className={buttonClass} onClick={(e) => void run("test", e.currentTarget.form!)}>
          {busy === "test" ? "Testing…" : "Test endpoint"}
        </button>
        <button type="submit" disabled={busy !== null} className={buttonClass}>
          {busy === "submit" ? "Submitting…" : "Submit"}
        </button>
      </div>
      {probe && (
        <section aria-label="Test result" className="space-y-1 rounded border border-zinc-200 p-3 text-sm dark:border-zinc-800">
          <p>Health: {probe.health}</p>
          <p>Question: {probe.question}</p>
          <p>
            Latency: {probe.latencyMs} ms · citations parsed: {probe.citations.count}
          </p>
          {probe.error ? (
            <p className="text-red-700 dark:text-red-400">
              Error {probe.error.class}: {probe.error.detail}
            </p>
          ) : (
            <pre className="whitespace-pre-wrap break-words text-xs" data-testid="probe-excerpt">
              {probe.excerpt}
            </pre>
          )}
          {probe.problems.map((p) => (
            <p key={p} role="alert" data-testid="probe-problem" className="text-red-700 dark:text-red-400">
              Problem: {p}
            </p>
          ))}
        </section>
      )}
    </form>
  );
}
