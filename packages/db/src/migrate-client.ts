import pg from "pg";

/**
 * Works around prisma/orm#27403 ("Column type 'name' could not be deserialized"): the JS
 * migration engine cannot read the `name`, `name[]` and `char` column types from catalog
 * queries, so result fields of those types are relabelled as text / text[].
 * Used only by prisma.config.ts for migrate commands.
 */
const REWRITE: Record<number, number> = { 19: 25, 1003: 1009, 18: 25 };

function relabel(result: unknown): unknown {
  const list = Array.isArray(result) ? result : [result];
  for (const r of list as Array<{ fields?: Array<{ dataTypeID: number }> }>) {
    for (const f of r?.fields ?? []) f.dataTypeID = REWRITE[f.dataTypeID] ?? f.dataTypeID;
  }
  return result;
}

export class MigrationClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads and an override must accept them all; only results are intercepted
  override query(...args: any[]): any {
    const cbIndex = args.findIndex((a) => typeof a === "function");
    if (cbIndex >= 0) {
      const cb = args[cbIndex];
      args[cbIndex] = (err: unknown, res: unknown) => cb(err, err ? res : relabel(res));
      return Reflect.apply(super.query, this, args);
    }
    const out = Reflect.apply(super.query, this, args);
    return out && typeof out.then === "function" ? out.then(relabel) : out;
  }
}
