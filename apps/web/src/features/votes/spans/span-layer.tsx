"use client";

import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { createSpanAction, deleteSpanAction } from "../actions";
import { typing } from "@/components/keys";
import { SPAN_CHIP, SPAN_KEY, SPAN_LABELS, SPAN_TEXT, type SpanLabel } from "../labels";
import { align, renderedRuns, storedRange, type Alignment } from "./alignment";
import { HIGHLIGHT_CSS, highlightName, setHighlights, type HighlightName } from "./highlights";

import type { ShownSpan } from "./shown-span";

export type { ShownSpan };

export interface SpanTarget {
  roundId: string;
  /** The seat of the answer as this page names it. */
  seat: "A" | "B";
  /** "shown": the seat the vote page showed (the server maps it); "match": the match's own seat. */
  seats: "shown" | "match";
}

/** The answer's rendered text nodes, in document order. */
function textNodes(root: HTMLElement): Text[] {
  const out: Text[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) out.push(n as Text);
  return out;
}

interface Pending {
  start: number;
  end: number;
  /** Where the toolbar goes, relative to the layer. */
  top: number;
  left: number;
}

const MAX_COMMENT = 1_000;
const excerpt = (s: string) => (s.length > 160 ? `${s.slice(0, 157)}…` : s);

/**
 * An answer whose passages can be marked: highlights of the marks it has (everyone's by label,
 * the reader's own underlined), a list of them under it, and — for a signed-in reader — a small
 * toolbar over a selection (buttons or u / w / i, an optional comment, Esc closes). A selection is
 * sent as offsets of the stored answer (spans/alignment.ts), so the same passage is found again
 * whatever renders it.
 */
export function SpanLayer({
  target,
  stored,
  initial,
  counts,
  canMark,
  children,
}: {
  target: SpanTarget;
  stored: string;
  initial: ShownSpan[];
  /** Everyone's marks per label (the match page); null shows the reader's own list only. */
  counts: Record<SpanLabel, number> | null;
  canMark: boolean;
  children: ReactNode;
}) {
  const owner = useId();
  const layerRef = useRef<HTMLDivElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const [spans, setSpans] = useState(initial);
  const [shownCounts, setShownCounts] = useState(counts);
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);
  pendingRef.current = pending;
  const [comment, setComment] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState("");

  /** Text nodes and their alignment, computed on first need (the rendered answer never changes). */
  const aligned = useRef<{ nodes: Text[]; alignment: Alignment } | null>(null);
  const alignment = useCallback(() => {
    if (!aligned.current && textRef.current) {
      const nodes = textNodes(textRef.current);
      aligned.current = {
        nodes,
        alignment: align(
          stored,
          nodes.map((n) => n.data),
        ),
      };
    }
    return aligned.current;
  }, [stored]);

  // Paint the marks: one range per run of marked characters in a text node.
  useLayoutEffect(() => {
    const a = alignment();
    if (!a) return;
    const byName = new Map<HighlightName, Range[]>();
    const add = (name: HighlightName, range: Range) => byName.set(name, [...(byName.get(name) ?? []), range]);
    for (const s of spans) {
      for (const run of renderedRuns(a.alignment, s.start, s.end)) {
        const range = document.createRange();
        range.setStart(a.nodes[run.piece]!, run.from);
        range.setEnd(a.nodes[run.piece]!, run.to);
        add(highlightName(s.label), range);
        if (s.mine) add("arena-span-mine", range);
      }
    }
    setHighlights(owner, byName);
    return () => setHighlights(owner, null);
  }, [spans, owner, alignment]);

  // A selection inside this answer opens the toolbar under it.
  useEffect(() => {
    if (!canMark) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const look = () => {
      const sel = window.getSelection();
      const text = textRef.current;
      const layer = layerRef.current;
      const a = alignment();
      if (!sel || !text || !layer || !a) return;
      // Typing a comment moves the selection into the toolbar's field: the toolbar stays.
      if (toolbarRef.current?.contains(document.activeElement)) return;
      if (sel.rangeCount === 0 || sel.isCollapsed) return setPending(null);
      const range = sel.getRangeAt(0);
      if (!text.contains(range.startContainer) || !text.contains(range.endContainer)) return setPending(null);
      const point = (node: Node, offset: number, end: boolean) => {
        // A boundary between elements: the next (start) or previous (end) text node.
        if (node instanceof Text) return { piece: a.nodes.indexOf(node), offset };
        const probe = document.createRange();
        probe.setStart(node, offset);
        const idx = a.nodes.findIndex((n) => probe.comparePoint(n, 0) >= 0);
        if (!end) return idx < 0 ? { piece: a.nodes.length - 1, offset: a.nodes.at(-1)?.length ?? 0 } : { piece: idx, offset: 0 };
        const prev = (idx < 0 ? a.nodes.length : idx) - 1;
        return prev < 0 ? { piece: 0, offset: 0 } : { piece: prev, offset: a.nodes[prev]!.length };
      };
      const from = point(range.startContainer, range.startOffset, false);
      const to = point(range.endContainer, range.endOffset, true);
      const r = from.piece >= 0 && to.piece >= 0 ? storedRange(a.alignment, from, to) : null;
      if (!r) return setPending(null);
      const box = range.getBoundingClientRect();
      const base = layer.getBoundingClientRect();
      const width = Math.min(320, base.width);
      setPending({ ...r, top: box.bottom - base.top + 6, left: Math.max(0, Math.min(box.left - base.left, base.width - width)) });
      setError(null);
    };
    // A drag or a keyboard selection is final when the button or key is released: read it at
    // once, so the toolbar never keeps a stretch from the middle of a drag. Selections that end
    // without either (a long press on a phone) are read once they stop changing.
    const onChange = () => {
      clearTimeout(timer);
      timer = setTimeout(look, 120);
    };
    const now = () => {
      clearTimeout(timer);
      look();
    };
    document.addEventListener("selectionchange", onChange);
    for (const type of ["mouseup", "keyup", "touchend"] as const) document.addEventListener(type, now);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("selectionchange", onChange);
      for (const type of ["mouseup", "keyup", "touchend"] as const) document.removeEventListener(type, now);
    };
  }, [canMark, alignment]);

  // Closing lets go of the selection too: it would open the toolbar again on the next key or click.
  const close = useCallback(() => {
    window.getSelection()?.removeAllRanges();
    setPending(null);
    setComment("");
    setError(null);
  }, []);

  const mark = useCallback(
    async (label: SpanLabel) => {
      const p = pendingRef.current;
      if (!p || busy) return;
      setBusy(true);
      const res = await createSpanAction({
        ...target,
        start: p.start,
        end: p.end,
        label,
        ...(comment.trim() ? { comment: comment.trim() } : {}),
      });
      setBusy(false);
      if (!res.ok) return setError(res.error);
      setSpans((s) => [...s, res.span]);
      setShownCounts((c) => (c ? { ...c, [label]: c[label] + 1 } : c));
      setSaid(`Marked as ${SPAN_TEXT[label].toLowerCase()}.`);
      close();
    },
    [busy, target, comment, close],
  );

  const remove = useCallback(async (span: ShownSpan) => {
    const res = await deleteSpanAction(span.id);
    if (!res.ok) return setSaid(res.error);
    setSpans((s) => s.filter((x) => x.id !== span.id));
    setShownCounts((c) => (c ? { ...c, [span.label]: Math.max(0, c[span.label] - 1) } : c));
    setSaid("Mark deleted.");
  }, []);

  // u / w / i mark the selection while the toolbar is open; Esc closes it.
  useEffect(() => {
    if (!pending) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") return close();
      if (typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
      const label = SPAN_LABELS.find((l) => SPAN_KEY[l] === e.key);
      if (!label) return;
      e.preventDefault();
      void mark(label);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [pending, mark, close]);

  const sorted = [...spans].sort((x, y) => Number(y.mine) - Number(x.mine) || x.start - y.start);
  const counted = shownCounts ? SPAN_LABELS.filter((l) => shownCounts[l] > 0) : [];
  return (
    <div ref={layerRef} className="relative" data-testid={`span-layer-${target.seat.toLowerCase()}`}>
      <style href="arena-span-highlights" precedence="default">
        {HIGHLIGHT_CSS}
      </style>
      {counted.length ? (
        <p className="mb-2 flex flex-wrap gap-1.5 text-xs" data-testid="span-counts">
          <span className="text-zinc-500">Readers marked:</span>
          {counted.map((l) => (
            <span key={l} className={`rounded px-1.5 ${SPAN_CHIP[l]}`} data-label={l}>
              {shownCounts![l]} {l}
            </span>
          ))}
        </p>
      ) : null}
      <div ref={textRef}>{children}</div>
      {pending && canMark ? (
        <div
          ref={toolbarRef}
          role="toolbar"
          aria-label="Mark the selected passage"
          data-testid="span-toolbar"
          style={{ top: pending.top, left: pending.left }}
          className="absolute z-20 w-80 max-w-full rounded-md border border-zinc-300 bg-white p-2 text-xs shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          <p className="mb-1 text-zinc-500">Mark the selection as</p>
          <div className="flex flex-wrap gap-1.5">
            {SPAN_LABELS.map((l) => (
              <button
                key={l}
                type="button"
                disabled={busy}
                // Keep the selection while the button is pressed.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => void mark(l)}
                className={`rounded px-2 py-1 font-medium disabled:opacity-50 ${SPAN_CHIP[l]}`}
              >
                {SPAN_TEXT[l]} <kbd className="opacity-70">{SPAN_KEY[l]}</kbd>
              </button>
            ))}
            <button type="button" onClick={close} className="px-1 underline">
              Cancel <kbd>Esc</kbd>
            </button>
          </div>
          <label className="mt-1.5 block">
            <span className="sr-only">Comment (optional)</span>
            <input
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              maxLength={MAX_COMMENT}
              placeholder="Comment (optional), then a label"
              className="w-full rounded border border-zinc-300 px-1.5 py-1 dark:border-zinc-700 dark:bg-zinc-950"
            />
          </label>
          {error ? (
            <p role="alert" className="mt-1 text-red-700 dark:text-red-400">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
      {sorted.length ? (
        <ul
          className="mt-3 space-y-1 border-t border-zinc-200 pt-2 text-xs dark:border-zinc-800"
          aria-label={`Marked passages of answer ${target.seat}`}
          data-testid="span-list"
        >
          {sorted.map((s) => (
            <li
              key={s.id}
              className="flex items-start gap-1.5"
              data-testid="span-item"
              data-label={s.label}
              data-mine={s.mine ? "true" : "false"}
            >
              <span className={`shrink-0 rounded px-1.5 ${SPAN_CHIP[s.label]}`}>{s.label}</span>
              <span className="min-w-0 break-words">
                “{excerpt(stored.slice(s.start, s.end))}”
                {s.comment ? <span className="text-zinc-600 dark:text-zinc-400"> — {s.comment}</span> : null}
                {s.mine ? <span className="ml-1 text-sky-700 dark:text-sky-400">(yours)</span> : null}
              </span>
              {s.mine ? (
                <button
                  type="button"
                  onClick={() => void remove(s)}
                  className="ml-auto shrink-0 px-1 text-zinc-500 hover:text-red-700"
                  aria-label="Delete this mark"
                >
                  ×
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {canMark && counts === null && !sorted.length ? (
        <p className="mt-2 text-xs text-zinc-500">Select text in the answer to mark it unsupported, wrong or insightful.</p>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {said}
      </p>
    </div>
  );
}
