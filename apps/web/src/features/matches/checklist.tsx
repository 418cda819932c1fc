import type { RoundView } from "@arena/match/read";
import { ExternalLink, link } from "@/components/ui";

type Checklist = RoundView["checklistDepth"];

/** A round's depth or width checklist (entities or facts, each with its source page), on the match page and the audit item. */
export function ChecklistBlock({
  title,
  hint,
  items,
  heading: Heading = "h4",
}: {
  title: string;
  hint: string;
  items: Checklist;
  heading?: "h3" | "h4";
}) {
  return (
    <div>
      <Heading className="text-sm font-medium">
        {title} <span className="font-normal text-zinc-500 dark:text-zinc-400">({hint})</span>
      </Heading>
      {items.length === 0 ? (
        <p className="text-sm text-zinc-500">none</p>
      ) : (
        <ul className="mt-1 space-y-1.5 text-sm">
          {items.map((c, i) => (
            <li key={i}>
              <span className="font-medium">{c.item}</span>
              {c.aliases && c.aliases.length > 0 ? <span className="text-xs text-zinc-500"> (also: {c.aliases.join(", ")})</span> : null}
              <div className="text-zinc-600 dark:text-zinc-400">{c.detail}</div>
              {c.sourceUrl ? (
                <ExternalLink href={c.sourceUrl} className={`${link} break-all text-xs`}>
                  {c.sourceUrl}
                </ExternalLink>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
