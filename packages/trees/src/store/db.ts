/** Splits rows so one createMany stays well below PostgreSQL's 65535 bind parameters. */
export function chunks<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
