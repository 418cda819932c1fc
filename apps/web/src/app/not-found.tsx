import Link from "@/components/link";

export default function NotFound() {
  return (
    <div className="py-10">
      <h1 className="text-xl font-semibold">Not found</h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        Nothing is stored under this address: the id may be mistyped, or the agent, match, tournament, tree or examiner configuration was
        removed. Start again from the{" "}
        <Link href="/" className="text-sky-700 underline dark:text-sky-400">
          leaderboard
        </Link>
        .
      </p>
    </div>
  );
}
