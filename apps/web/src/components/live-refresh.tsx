"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";

type EventType = "round" | "match" | "snapshot" | "scoreboard" | "people" | "tournament";
type Status = "connecting" | "live" | "polling";

const DEBOUNCE_MS = 300;
const POLL_MS = 5_000;
/** How long EventSource may stay closed or erroring before the page polls instead. */
const FALLBACK_AFTER_MS = 10_000;

/**
 * Keeps a server-rendered page current: listens to /api/events (server-sent arena events,
 * filtered by tournament or match) and re-renders the page's server components on a relevant
 * event, at most once per DEBOUNCE_MS. EventSource reconnects by itself after a dropped stream;
 * when the stream stays closed (no events route, a proxy that refuses streams), the page polls.
 */
export function LiveRefresh({ tournament, match, types }: { tournament?: string; match?: string; types?: readonly EventType[] }) {
  const router = useRouter();
  const [status, setStatus] = useState<Status>("connecting");
  const typesKey = (types ?? []).join(",");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    const wanted = new Set(typesKey ? typesKey.split(",") : []);
    const refresh = () => {
      if (timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = null;
        router.refresh();
      }, DEBOUNCE_MS);
    };
    const params = new URLSearchParams();
    if (tournament) params.set("tournament", tournament);
    if (match) params.set("match", match);
    const qs = params.toString();
    const source = new EventSource(`/api/events${qs ? `?${qs}` : ""}`);
    let poll: ReturnType<typeof setInterval> | null = null;
    let fallback: ReturnType<typeof setTimeout> | null = null;

    const startPolling = () => {
      source.close();
      setStatus("polling");
      poll ??= setInterval(() => router.refresh(), POLL_MS);
    };
    source.onopen = () => {
      if (fallback) clearTimeout(fallback);
      fallback = null;
      setStatus("live");
    };
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) return startPolling();
      setStatus("connecting");
      fallback ??= setTimeout(startPolling, FALLBACK_AFTER_MS);
    };
    source.onmessage = (e: MessageEvent<string>) => {
      const type = eventType(e.data);
      if (type && (wanted.size === 0 || wanted.has(type))) refresh();
    };
    return () => {
      source.close();
      if (poll) clearInterval(poll);
      if (fallback) clearTimeout(fallback);
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [router, tournament, match, typesKey]);

  const label = status === "live" ? "live" : status === "polling" ? "updating every 5 s" : "connecting…";
  return (
    <span
      data-testid="live-status"
      data-state={status}
      className="inline-flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400"
      role="status"
    >
      <span
        aria-hidden
        className={`h-2 w-2 rounded-full ${status === "live" ? "bg-emerald-500" : status === "polling" ? "bg-amber-500" : "bg-zinc-400"}`}
      />
      {label}
    </span>
  );
}

function eventType(data: string): string | null {
  try {
    const parsed: unknown = JSON.parse(data);
    return parsed && typeof parsed === "object" && "type" in parsed && typeof parsed.type === "string" ? parsed.type : null;
  } catch {
    return null;
  }
}
