"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Reveal } from "@arena/votes";
import { castVoteAction } from "./actions";
import { KeysDialog, useShortcutKeys } from "@/components/keys";
import { VERDICT_TEXT, VOTE_VERDICTS, type VoteVerdict } from "./labels";
import { RevealPanel } from "./reveal";

/** An unsent vote kept in this browser until it is sent (a reload loses nothing). */
interface Draft {
  verdict: VoteVerdict | null;
  reason: string;
}

const draftKey = (roundId: string) => `arena:vote-draft:${roundId}`;

function readDraft(roundId: string): Draft | null {
  try {
    const d = JSON.parse(localStorage.getItem(draftKey(roundId)) ?? "null") as Partial<Draft> | null;
    if (!d || typeof d.reason !== "string") return null;
    return { verdict: VOTE_VERDICTS.find((v) => v === d.verdict) ?? null, reason: d.reason };
  } catch {
    return null;
  }
}

function writeDraft(roundId: string, draft: Draft | null): void {
  try {
    if (draft && (draft.verdict || draft.reason)) localStorage.setItem(draftKey(roundId), JSON.stringify(draft));
    else localStorage.removeItem(draftKey(roundId));
  } catch {
    // Storage full or disabled: the form works without a draft.
  }
}

/**
 * The five-way verdict on one round, keyboard first as on the audit: 1–5 choose (A much better …
 * B much better, in the seats shown), c writes a reason, Enter sends; the server stores the vote
 * and only then answers with the agents' names and the examiner's verdict, shown here. After
 * the reveal, n or Enter loads the next round. ? lists the keys where the reader is.
 */
export function VoteForm({ roundId }: { roundId: string }) {
  const router = useRouter();
  const [verdict, setVerdictState] = useState<VoteVerdict | null>(null);
  const [reason, setReasonState] = useState("");
  // Keys can come faster than React renders: handlers read these refs.
  const verdictRef = useRef<VoteVerdict | null>(null);
  const reasonRef = useRef("");
  const [reveal, setReveal] = useState<Reveal | null>(null);
  const revealRef = useRef<Reveal | null>(null);
  revealRef.current = reveal;
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const [loadingNext, setLoadingNext] = useState(false);
  const formRef = useRef<HTMLElement>(null);

  const save = useCallback(() => writeDraft(roundId, { verdict: verdictRef.current, reason: reasonRef.current }), [roundId]);
  const setVerdict = useCallback(
    (v: VoteVerdict) => {
      verdictRef.current = v;
      setVerdictState(v);
      setError(null);
      save();
    },
    [save],
  );
  const setReason = useCallback(
    (text: string) => {
      reasonRef.current = text;
      setReasonState(text);
      save();
    },
    [save],
  );

  // The draft of this round, read after hydration (the server cannot see localStorage).
  useEffect(() => {
    const d = readDraft(roundId);
    if (!d) return;
    verdictRef.current = d.verdict;
    setVerdictState(d.verdict);
    reasonRef.current = d.reason;
    setReasonState(d.reason);
  }, [roundId]);

  const submit = useCallback(async () => {
    if (busyRef.current || revealRef.current) return;
    const v = verdictRef.current;
    if (!v) {
      setError("Choose a verdict first: 1 (A much better) to 5 (B much better).");
      return;
    }
    busyRef.current = true;
    setBusy(true);
    setError(null);
    const res = await castVoteAction({ roundId, verdict: v, ...(reasonRef.current.trim() ? { reason: reasonRef.current.trim() } : {}) });
    busyRef.current = false;
    setBusy(false);
    if (!res.ok) return setError(res.error);
    writeDraft(roundId, null);
    setReveal(res.reveal);
  }, [roundId]);

  const next = useCallback(() => {
    setLoadingNext(true);
    window.scrollTo({ top: 0 });
    router.refresh();
  }, [router]);

  // Once the reveal is on the page, bring it into view (the reader may have voted from the keyboard far up).
  useEffect(() => {
    if (reveal) formRef.current?.scrollIntoView({ block: "nearest" });
  }, [reveal]);

  // Enter in the reason sends the vote; Shift+Enter is a new line.
  const onTypingKey = useCallback(
    (e: KeyboardEvent, field: HTMLElement) => {
      if (e.key === "Enter" && !e.shiftKey && field.id === "vote-reason") {
        e.preventDefault();
        void submit();
      }
    },
    [submit],
  );
  const onKey = useCallback(
    (e: KeyboardEvent) => {
      if (revealRef.current) {
        if (e.key === "n" || e.key === "Enter") {
          e.preventDefault();
          next();
        }
      } else if (/^[1-5]$/.test(e.key)) {
        e.preventDefault();
        setVerdict(VOTE_VERDICTS[Number(e.key) - 1]!);
      } else if (e.key === "Enter") {
        e.preventDefault();
        void submit();
      } else if (e.key === "c") {
        e.preventDefault();
        document.getElementById("vote-reason")?.focus();
      }
    },
    [submit, next, setVerdict],
  );
  const [help, setHelp] = useShortcutKeys(onKey, onTypingKey);

  return (
    <section
      ref={formRef}
      aria-label="Your vote"
      data-testid="vote-form"
      data-round={roundId}
      data-state={reveal ? "revealed" : "voting"}
      className="scroll-mb-4 rounded-md border border-zinc-300 p-3 dark:border-zinc-700"
    >
      {reveal ? (
        <RevealPanel reveal={reveal} onNext={next} loadingNext={loadingNext} />
      ) : (
        <>
          <fieldset>
            <legend className="mb-2 font-semibold">Which answer is better?</legend>
            <div className="grid grid-cols-5 gap-1.5">
              {VOTE_VERDICTS.map((v, k) => (
                <label
                  key={v}
                  data-verdict={v}
                  className={`flex min-h-14 cursor-pointer flex-col items-center justify-center rounded-md border px-1 py-1.5 text-center text-xs leading-tight has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-sky-500 sm:text-sm ${
                    verdict === v
                      ? "border-sky-600 bg-sky-600 text-white"
                      : "border-zinc-300 hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900"
                  }`}
                >
                  <input
                    type="radio"
                    name={`verdict-${roundId}`}
                    value={v}
                    checked={verdict === v}
                    onChange={() => setVerdict(v)}
                    className="sr-only"
                  />
                  <kbd className="text-[0.7rem] opacity-80">{k + 1}</kbd>
                  {VERDICT_TEXT[v]}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="mt-3 block text-sm">
            Reason (optional: <kbd>c</kbd> to write, <kbd>Enter</kbd> sends, <kbd>Esc</kbd> leaves the field)
            <textarea
              id="vote-reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={2_000}
              rows={2}
              className="mt-1 block w-full rounded-md border border-zinc-300 p-2 dark:border-zinc-700 dark:bg-zinc-900"
            />
          </label>
          {error ? (
            <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <button
              type="button"
              disabled={busy}
              onClick={() => void submit()}
              className="rounded-md bg-sky-700 px-3 py-1.5 text-sm text-white disabled:opacity-50"
            >
              Vote and show the agents <kbd className="ml-1 text-xs">Enter</kbd>
            </button>
            <span className="text-xs text-zinc-500">
              The agents&apos; names and the examiner&apos;s verdict are shown once your vote is stored.
            </span>
          </div>
        </>
      )}
      {help ? (
        <KeysDialog onClose={() => setHelp(false)}>
          <li>
            <kbd>1</kbd>–<kbd>5</kbd>: A much better, A better, tie, B better, B much better
          </li>
          <li>
            <kbd>c</kbd>: write a reason (<kbd>Esc</kbd> leaves it); other keys are ignored while typing
          </li>
          <li>
            <kbd>Enter</kbd>: send the vote; after the reveal, the next round (or <kbd>n</kbd>)
          </li>
          <li>
            Select text in an answer, then <kbd>u</kbd> / <kbd>w</kbd> / <kbd>i</kbd>: mark it unsupported / wrong / insightful
          </li>
        </KeysDialog>
      ) : null}
    </section>
  );
}
