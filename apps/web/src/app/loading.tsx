/** Shown while a page's data is read (navigation between pages); live refreshes keep the current page instead. */
export default function Loading() {
  return (
    <p className="py-10 text-sm text-zinc-500 dark:text-zinc-400" role="status">
      Loading the arena&apos;s data…
    </p>
  );
}
