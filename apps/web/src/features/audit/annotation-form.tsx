"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { EVOLUTION, FACTUALITY, LABELS, SUFFICIENCY, VALIDITY, VERDICTS } from "@arena/audit/options";
import { KeysDialog, useShortcutKeys } from "@/components/keys";
import { errorMessage } from "@/lib/api/error-message";

type Own = {
  deepValidity: string;
  wideValidity: string;
  evolution: string | null;
  checklistFacts: string;
  ownVerdict: string;
  agree: boolean | null;
  comment: string | null;
};

interface Question {
  key: string;
  code: string;
  text: string;
  options: { value: string; label: string }[];
  /** Shown, but not asked on this item (A3 on a match's first round): a digit passes over it. */
  notApplicable?: string;
}

const opts = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((v) => ({ value: v, label: labels[v] }));

/**
 * Parts A–C in one order on every item, so the same digits always land on the same questions: A3
 * (which needs an earlier round) stays in place as "not applicable" on a match's first round.
 */
const PART_ABC = (askEvolution: boolean): Question[] => [
  {
    key: "deepValidity",
    code: "A1",
    text: "Deep validity: does the question require multi-hop reasoning (hiding entities)?",
    options: opts(VALIDITY, { yes: "Yes (valid deep)", no: "No (single-hop / direct lookup)", broken: "Broken question" }),
  },
  {
    key: "wideValidity",
    code: "A2",
    text: "Wide validity: does it require aggregating several distinct facts?",
    options: opts(VALIDITY, { yes: "Yes (valid wide)", no: "No (narrow / single point)", broken: "Broken question" }),
  },
  {
    key: "evolution",
    code: "A3",
    text: "Evolution: did the question change in difficulty or scope as the transition intended?",
    options: opts(EVOLUTION, LABELS.evolution),
    ...(askEvolution
      ? {}
      : {
          notApplicable:
            "Not applicable: this is the match's first round, there is no earlier question to compare (a digit here moves on).",
        }),
  },
  {
    key: "checklistFacts",
    code: "B1",
    text: "Checklist factuality: is the checklist factually correct (check the source pages)?",
    options: opts(FACTUALITY, LABELS.factuality),
  },
  { key: "ownVerdict", code: "C1", text: "Your verdict: which answer is better?", options: opts(VERDICTS, LABELS.verdict) },
];

const PART_D = (askSufficiency: boolean): Question[] => [
  {
    key: "agree",
    code: "D1",
    text: "Do you agree with the examiner's verdict?",
    options: [
      { value: "yes", label: "Yes (agree)" },
      { value: "no", label: "No (disagree)" },
    ],
  },
  ...(askSufficiency
    ? [
        {
          key: "sufficiency",
          code: "D2",
          text: "Rounds sufficiency (this match): do we have enough evidence to tell the agents apart?",
          options: opts(SUFFICIENCY, LABELS.sufficiency),
        },
      ]
    : []),
];

/** An unsent annotation kept in this browser until it is submitted (a reload or a crash loses nothing). */
interface Draft {
  stage: "abc" | "d";
  values: Record<string, string>;
  comment: string;
}

const draftKey = (itemId: string) => `arena:audit-draft:${itemId}`;

function readDraft(itemId: string): Draft | null {
  try {
    const d = JSON.parse(localStorage.getItem(draftKey(itemId)) ?? "null") as Draft | null;
    return d && (d.stage === "abc" || d.stage === "d") && typeof d.values === "object" && typeof d.comment === "string" ? d : null;
  } catch {
    return null;
  }
}

function writeDraft(itemId: string, draft: Draft | null): void {
  try {
    if (draft) localStorage.setItem(draftKey(itemId), JSON.stringify(draft));
    else localStorage.removeItem(draftKey(itemId));
  } catch {
    // Storage full or disabled: the form still works, only without a draft.
  }
}

async function post(url: string, body: unknown): Promise<{ ok: true; data: unknown } | { ok: false; error: string }> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({}));
  return res.ok ? { ok: true, data } : { ok: false, error: errorMessage(data, res.status) };
}

/**
 * Instrument II for one item, keyboard first: digits choose an option of the highlighted question
 * and move on, ↑/↓ (or k/j) move between questions, Enter submits, c focuses the comment, ? lists
 * the keys. Parts A–C come first; only after they are stored does the server render the
 * examiner's verdict beside this form, and part D (D1, and D2 once per match) follows. Enter on
 * part D saves it and opens the next item. Unsent answers and the comment are kept as a draft in
 * the browser's localStorage (per item and part) until that part is submitted.
 */
export function AnnotationForm({
  itemId,
  queueId,
  closed,
  askEvolution,
  own,
  sufficiency,
}: {
  itemId: string;
  queueId: string;
  closed: boolean;
  askEvolution: boolean;
  own: Own | null;
  sufficiency: string | null;
}) {
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const stage: "abc" | "d" = own === null || editing ? "abc" : "d";
  const questions = useMemo(
    () => (stage === "abc" ? PART_ABC(askEvolution) : PART_D(sufficiency === null)),
    [stage, askEvolution, sufficiency],
  );
  const [values, setValuesState] = useState<Record<string, string>>(() => ({
    ...(own
      ? {
          deepValidity: own.deepValidity,
          wideValidity: own.wideValidity,
          checklistFacts: own.checklistFacts,
          ownVerdict: own.ownVerdict,
          ...(own.evolution ? { evolution: own.evolution } : {}),
        }
      : {}),
    ...(own?.agree != null ? { agree: own.agree ? "yes" : "no" } : {}),
  }));
  // Keys can arrive faster than React re-renders: the handlers read and write these refs, so a
  // digit typed right after another goes to the next question and Enter sees every answer.
  const valuesRef = useRef(values);
  const saveDraftRef = useRef(() => {});
  const setValues = useCallback((update: (v: Record<string, string>) => Record<string, string>, keep = true) => {
    valuesRef.current = update(valuesRef.current);
    setValuesState(valuesRef.current);
    if (keep) saveDraftRef.current();
  }, []);
  const [comment, setCommentState] = useState(own?.comment ?? "");
  const commentRef = useRef(comment);
  const stageRef = useRef(stage);
  stageRef.current = stage;
  const saveDraft = useCallback(() => {
    if (!closed) writeDraft(itemId, { stage: stageRef.current, values: valuesRef.current, comment: commentRef.current });
  }, [closed, itemId]);
  const setComment = useCallback(
    (text: string) => {
      commentRef.current = text;
      setCommentState(text);
      saveDraft();
    },
    [saveDraft],
  );
  const [current, setCurrentState] = useState(0);
  const currentRef = useRef(0);
  const setCurrent = useCallback((update: number | ((c: number) => number)) => {
    currentRef.current = typeof update === "function" ? update(currentRef.current) : update;
    setCurrentState(currentRef.current);
  }, []);
  const busyRef = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  saveDraftRef.current = saveDraft;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new stage (its question set) starts at the first question
  useEffect(() => setCurrent(0), [stage, setCurrent]);

  // A draft of this item's current part, read after hydration (the server cannot see localStorage).
  useEffect(() => {
    const draft = closed ? null : readDraft(itemId);
    if (!draft || draft.stage !== stage) return;
    setValues((v) => ({ ...v, ...draft.values }), false);
    commentRef.current = draft.comment;
    setCommentState(draft.comment);
  }, [itemId, stage, closed, setValues]);

  const submit = useCallback(async () => {
    if (busyRef.current || closed) return;
    const values = valuesRef.current;
    const missing = questions.findIndex((q) => !q.notApplicable && !values[q.key]);
    if (missing >= 0) {
      setCurrent(missing);
      setError(`Answer ${questions[missing]!.code} first.`);
      return;
    }
    busyRef.current = true;
    setBusy(true);
    setError(null);
    const done = () => {
      busyRef.current = false;
      setBusy(false);
    };
    if (stage === "abc") {
      const r = await post(`/api/audit/items/${itemId}/answers`, {
        deepValidity: values.deepValidity,
        wideValidity: values.wideValidity,
        evolution: askEvolution ? values.evolution : null,
        checklistFacts: values.checklistFacts,
        ownVerdict: values.ownVerdict,
        comment,
      });
      done();
      if (!r.ok) return setError(r.error);
      writeDraft(itemId, null);
      setEditing(false);
      router.refresh();
      return;
    }
    const r = await post(`/api/audit/items/${itemId}/review`, {
      agree: values.agree === "yes",
      ...(values.sufficiency ? { sufficiency: values.sufficiency } : {}),
      comment,
    });
    if (!r.ok) {
      done();
      return setError(r.error);
    }
    writeDraft(itemId, null);
    const next = await post(`/api/audit/queues/${queueId}/next`, {});
    const nextId = next.ok ? (next.data as { itemId: string | null }).itemId : null;
    router.push(nextId ? `/audit/items/${nextId}` : `/audit?finished=${encodeURIComponent(queueId)}`);
  }, [closed, questions, stage, itemId, askEvolution, comment, queueId, router, setCurrent]);

  const onKey = useCallback(
    (e: KeyboardEvent) => {
      if (/^[1-9]$/.test(e.key)) {
        const q = questions[currentRef.current];
        const option = q?.options[Number(e.key) - 1];
        if (!q || !option || closed) return;
        e.preventDefault();
        if (!q.notApplicable) setValues((v) => ({ ...v, [q.key]: option.value }));
        setCurrent((c) => Math.min(c + 1, questions.length - 1));
        setError(null);
      } else if (e.key === "ArrowDown" || e.key === "j") {
        e.preventDefault();
        setCurrent((c) => Math.min(c + 1, questions.length - 1));
      } else if (e.key === "ArrowUp" || e.key === "k") {
        e.preventDefault();
        setCurrent((c) => Math.max(c - 1, 0));
      } else if (e.key === "Enter") {
        e.preventDefault();
        void submit();
      } else if (e.key === "c") {
        e.preventDefault();
        document.getElementById("audit-comment")?.focus();
      } else if (e.key === "e" && stage === "d" && !closed) {
        e.preventDefault();
        setEditing(true);
      }
    },
    [questions, closed, submit, stage, setValues, setCurrent],
  );
  const [help, setHelp] = useShortcutKeys(onKey);

  return (
    <section
      aria-label="Your annotation"
      data-testid="annotation-form"
      data-stage={stage}
      className="rounded-md border border-zinc-300 p-3 dark:border-zinc-700"
    >
      <h2 className="mb-2 font-semibold">
        {stage === "abc" ? (own ? "Edit parts A–C" : "Your annotation: parts A–C") : "Part D: the examiner's verdict is shown above"}
      </h2>
      {closed ? <p className="mb-2 text-sm text-amber-700">This queue is closed: answers can no longer change.</p> : null}
      {stage === "d" && sufficiency !== null ? (
        <p className="mb-2 text-sm text-zinc-500">
          D2 for this match: {LABELS.sufficiency[sufficiency as keyof typeof LABELS.sufficiency] ?? sufficiency} (answered on an earlier
          item).
        </p>
      ) : null}
      <div className="space-y-3">
        {questions.map((q, i) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard path is the digits and the fieldset's own inputs; a click only moves the highlight
          <fieldset
            key={q.key}
            data-question={q.code}
            disabled={q.notApplicable !== undefined}
            className={`rounded-md p-2 ${i === current ? "ring-2 ring-sky-500" : ""} ${q.notApplicable ? "opacity-60" : ""}`}
            onClick={() => setCurrent(i)}
          >
            <legend className="px-1 text-sm font-medium">
              {q.code}. {q.text}
            </legend>
            {q.notApplicable ? <p className="mb-1 text-xs text-zinc-600 dark:text-zinc-400">{q.notApplicable}</p> : null}
            <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {q.options.map((o, k) => (
                <label key={o.value} className="inline-flex items-center gap-1.5">
                  <input
                    type="radio"
                    name={`${itemId}-${q.key}`}
                    value={o.value}
                    checked={values[q.key] === o.value}
                    disabled={closed || q.notApplicable !== undefined}
                    onChange={() => setValues((v) => ({ ...v, [q.key]: o.value }))}
                  />
                  <kbd className="rounded border border-zinc-300 px-1 text-xs dark:border-zinc-600">{k + 1}</kbd> {o.label}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <label className="block text-sm">
          Comment (optional; keys are ignored while you type, Esc leaves the field)
          <textarea
            id="audit-comment"
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            disabled={closed}
            maxLength={5000}
            rows={2}
            className="mt-1 block w-full rounded-md border border-zinc-300 p-2 dark:border-zinc-700 dark:bg-zinc-900"
          />
        </label>
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex items-center gap-3">
        <button
          type="button"
          disabled={busy || closed}
          onClick={() => void submit()}
          className="rounded-md bg-sky-700 px-3 py-1.5 text-sm text-white disabled:opacity-50"
        >
          {stage === "abc" ? (own ? "Save changes" : "Submit and show the examiner's verdict") : "Save and next item"}{" "}
          <kbd className="ml-1 text-xs">Enter</kbd>
        </button>
        {stage === "d" && !closed ? (
          <button type="button" onClick={() => setEditing(true)} className="text-sm underline">
            Edit parts A–C <kbd className="text-xs">e</kbd>
          </button>
        ) : null}
        {editing ? (
          <button type="button" onClick={() => setEditing(false)} className="text-sm underline">
            Cancel
          </button>
        ) : null}
      </div>
      {help ? (
        <KeysDialog onClose={() => setHelp(false)}>
          <li>
            <kbd>1</kbd>–<kbd>5</kbd>: choose an option of the highlighted question, then move to the next
          </li>
          <li>
            <kbd>↑</kbd>/<kbd>↓</kbd> or <kbd>k</kbd>/<kbd>j</kbd>: previous / next question
          </li>
          <li>
            <kbd>Enter</kbd>: submit (parts A–C, then part D and on to the next item)
          </li>
          <li>
            <kbd>c</kbd>: write a comment (<kbd>Esc</kbd> leaves it); keys are ignored while typing
          </li>
          <li>
            <kbd>e</kbd>: edit parts A–C after submitting them (until the queue closes)
          </li>
        </KeysDialog>
      ) : null}
    </section>
  );
}
