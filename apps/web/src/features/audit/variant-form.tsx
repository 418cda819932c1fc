"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useState } from "react";
import { errorMessage } from "@/lib/api/error-message";

/** Keyboard first as the item form: 1–3 picks the best question, then the best checklist; Enter saves and opens the next node. */
export function VariantForm({ itemId, queueId }: { itemId: string; queueId: string }) {
  const router = useRouter();
  const [picks, setPicks] = useState<{ bestQuestion?: number; bestChecklist?: number }>({});
  const [error, setError] = useState<string | null>(null);
  const submit = useCallback(async () => {
    if (!picks.bestQuestion || !picks.bestChecklist) return setError("Pick the best question and the best checklist.");
    const res = await fetch(`/api/audit/items/${itemId}/variants`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(picks),
    });
    if (!res.ok) return setError(errorMessage(await res.json().catch(() => ({})), res.status));
    router.push(`/audit/queues/${queueId}/instrument`);
  }, [picks, itemId, queueId, router]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (/^[123]$/.test(e.key)) {
        e.preventDefault();
        const n = Number(e.key);
        setPicks((p) => (p.bestQuestion === undefined ? { ...p, bestQuestion: n } : { ...p, bestChecklist: n }));
      } else if (e.key === "Enter") {
        e.preventDefault();
        void submit();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [submit]);
  const group = (key: "bestQuestion" | "bestChecklist", label: string) => (
    <fieldset className="text-sm">
      <legend className="font-medium">{label}</legend>
      {[1, 2, 3].map((n) => (
        <label key={n} className="mr-4 inline-flex items-center gap-1">
          <input type="radio" name={key} checked={picks[key] === n} onChange={() => setPicks((p) => ({ ...p, [key]: n }))} /> Option {n}
        </label>
      ))}
    </fieldset>
  );
  return (
    <section aria-label="Your preference" className="space-y-2 rounded-md border border-zinc-300 p-3 dark:border-zinc-700">
      {group("bestQuestion", "1. Best question (Deep & Wide) — keys 1–3")}
      {group("bestChecklist", "2. Best checklist (answer key) — keys 1–3 again")}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <button type="button" onClick={() => void submit()} className="rounded-md bg-sky-700 px-3 py-1.5 text-sm text-white">
        Save and next <kbd className="text-xs">Enter</kbd>
      </button>
    </section>
  );
}
