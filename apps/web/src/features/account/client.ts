import { errorMessage } from "@/lib/api/error-message";

/** JSON request from the browser: same-origin, cookies included; a failure's message is `error` (lib/api/error-message). */
export async function send<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
): Promise<{ ok: boolean; status: number; data: T; error: string | null }> {
  const res = await fetch(url, {
    method,
    credentials: "same-origin",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const data = (await res.json().catch(() => ({}))) as T;
  return { ok: res.ok, status: res.status, data, error: res.ok ? null : errorMessage(data, res.status) };
}

export const inputClass = "w-full rounded border border-zinc-300 bg-transparent px-2 py-1 dark:border-zinc-700";
export const buttonClass = "rounded bg-zinc-900 px-3 py-1 text-sm text-white disabled:opacity-50 dark:bg-zinc-100 dark:text-zinc-900";
