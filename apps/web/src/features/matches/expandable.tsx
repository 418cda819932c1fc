"use client";

import { useState, type ReactNode } from "react";

/**
 * An answer in a box of 36 rem that scrolls, with a button that lets it take its full height
 * (long answers are read top to bottom, not in a small inner scroll box).
 */
export function Expandable({ children, label }: { children: ReactNode; label: string }) {
  const [full, setFull] = useState(false);
  return (
    <>
      <div className={full ? "px-3 py-2" : "max-h-[36rem] overflow-auto px-3 py-2"} data-expanded={full ? "true" : "false"}>
        {children}
      </div>
      <button
        type="button"
        aria-expanded={full}
        onClick={() => setFull((f) => !f)}
        className="w-full border-t border-zinc-200 px-3 py-1 text-left text-xs text-sky-700 hover:bg-zinc-50 dark:border-zinc-800 dark:text-sky-400 dark:hover:bg-zinc-900"
      >
        {full ? `Show ${label} in a scroll box` : `Show ${label} at full height`}
      </button>
    </>
  );
}
