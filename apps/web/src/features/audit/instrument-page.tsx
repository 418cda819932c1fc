import type { VariantOption } from "@arena/audit";
import { VariantForm } from "./variant-form";

/** Instrument I: three blinded question + checklist variants of one node, in the auditor's random order. */
export function InstrumentPage({ itemId, queueId, options }: { itemId: string; queueId: string; options: (VariantOption | null)[] }) {
  return (
    <div className="space-y-4">
      <h1 className="text-xl font-semibold">Instrument I: task generation preference</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Three examiner outputs for the same node, in random order. Which question best needs multi-hop reasoning (hidden entities) and
        aggregation of several entities? Which checklist is the best answer key (explains why an entity is the answer, precise details, no
        hallucination)?
      </p>
      <div className="grid gap-4 md:grid-cols-3">
        {options.map((o, i) => (
          <section key={i} className="rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800" aria-label={`Option ${i + 1}`}>
            <h2 className="font-semibold">Option {i + 1}</h2>
            {o === null ? (
              <p className="text-zinc-500">No task could be generated from this context.</p>
            ) : (
              <>
                <p className="mt-1 whitespace-pre-wrap">{o.question}</p>
                <h3 className="mt-2 font-medium">Checklist</h3>
                <ul className="list-disc pl-4">
                  {[...o.checklistDepth, ...o.checklistWidth].map((c, k) => (
                    <li key={k}>
                      <span className="font-medium">{c.item}</span>: {c.detail}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
        ))}
      </div>
      <VariantForm key={itemId} itemId={itemId} queueId={queueId} />
    </div>
  );
}
