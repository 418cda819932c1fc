"use client";
import { useEffect, useState, type ReactNode } from "react";

/** Keys are ignored while the reader types in a text field (a reason, a comment). */
export function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === "TEXTAREA" || target.tagName === "SELECT") return true;
  return target.tagName === "INPUT" && !["radio", "checkbox", "button", "submit"].includes((target as HTMLInputElement).type);
}

/**
 * A keyboard-driven form's shortcuts, handled one way on every such page: in a text field Esc
 * leaves the field and other keys are the field's (`onTypingKey` may take some, as Enter to
 * send); with Ctrl, Cmd or Alt held the browser's own; `?` shows or hides the key list and Esc
 * hides it; every other key goes to `onKey`. Pass stable callbacks (useCallback): the listener is
 * replaced when they change. Returns whether the key list is shown, and its setter.
 */
export function useShortcutKeys(
  onKey: (e: KeyboardEvent) => void,
  onTypingKey?: (e: KeyboardEvent, field: HTMLElement) => void,
): readonly [boolean, (shown: boolean) => void] {
  const [help, setHelp] = useState(false);
  useEffect(() => {
    const listener = (e: KeyboardEvent) => {
      if (typing(e.target)) {
        const field = e.target as HTMLElement;
        if (e.key === "Escape") field.blur();
        else onTypingKey?.(e, field);
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === "?") {
        e.preventDefault();
        setHelp((h) => !h);
      } else if (e.key === "Escape") {
        setHelp(false);
      } else {
        onKey(e);
      }
    };
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, [onKey, onTypingKey]);
  return [help, setHelp] as const;
}

/** The list of a page's keys (`children`: its items), fixed in the window where the reader is, however far down they scrolled. */
export function KeysDialog({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  return (
    <div
      role="dialog"
      aria-label="Keyboard shortcuts"
      className="fixed inset-x-3 bottom-3 z-50 max-h-[80vh] overflow-auto rounded-md border border-zinc-300 bg-white p-3 text-sm shadow-lg sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-96 dark:border-zinc-700 dark:bg-zinc-900"
    >
      <div className="flex items-center justify-between">
        <h3 className="font-medium">Keys</h3>
        <button type="button" onClick={onClose} className="text-xs underline">
          Close <kbd>Esc</kbd>
        </button>
      </div>
      <ul className="mt-1 space-y-0.5">
        {children}
        <li>
          <kbd>?</kbd>: show or hide this list
        </li>
      </ul>
    </div>
  );
}
