"use client";
import { cloneElement, useCallback, useEffect, useId, useState } from "react";
import { send } from "../../account/client";
import { feedback } from "../feedback";

/** Polls a console list (live progress) and reloads after every action; `loaded` once the first answer came. */
export function useList<T>(path: string, pollMs = 0): [T[], () => Promise<void>, boolean] {
  const [rows, setRows] = useState<T[]>([]);
  const [loaded, setLoaded] = useState(false);
  const load = useCallback(async () => {
    const r = await send<T[]>("GET", `/api/console/${path}`);
    if (r.ok && Array.isArray(r.data)) setRows(r.data);
    setLoaded(true);
  }, [path]);
  useEffect(() => {
    void load();
    if (!pollMs) return;
    const t = setInterval(() => void load(), pollMs);
    return () => clearInterval(t);
  }, [load, pollMs]);
  return [rows, load, loaded];
}

/** Sends a console action, says what it did in a sentence (feedback.ts) and reloads the list. */
export function useAction(reload: () => Promise<void>) {
  const [note, setNote] = useState<string | null>(null);
  const act = async (method: string, path: string, body?: unknown) => {
    const r = await send<Record<string, unknown>>(method, `/api/console/${path}`, body ?? {});
    setNote(feedback(method, path, r.ok, r.error ?? `the server answered ${r.status}`));
    await reload();
    return r;
  };
  return { note, setNote, act };
}

export type Act = ReturnType<typeof useAction>["act"];

/**
 * A form field with its visible label above it (a placeholder is not a label). Tied by id rather
 * than by nesting, so a select's options do not become part of its accessible name.
 */
export function Field({ label, children }: { label: string; children: React.ReactElement<{ id?: string }> }) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-zinc-600 dark:text-zinc-400">
        {label}
      </label>
      {cloneElement(children, { id })}
    </div>
  );
}

export const Note = ({ note }: { note: string | null }) =>
  note ? (
    <p role="status" className="text-sm">
      {note}
    </p>
  ) : null;
