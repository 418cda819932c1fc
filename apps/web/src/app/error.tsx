"use client";

/** A page whose data could not be read (database down, a read that failed): say so and offer a retry. */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="py-10">
      <h1 className="text-xl font-semibold">This page could not be loaded</h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        The arena&apos;s data could not be read. If you run this server, check that PostgreSQL answers at <code>DATABASE_URL</code> and look
        at the server log{error.digest ? ` (error ${error.digest})` : ""}.
      </p>
      <button
        type="button"
        onClick={reset}
        className="mt-4 rounded border border-zinc-300 px-3 py-1 text-sm hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-900"
      >
        Try again
      </button>
    </div>
  );
}
