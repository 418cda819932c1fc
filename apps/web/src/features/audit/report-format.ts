/** How the audit report writes a percentage and a κ (— for not enough data). Plain module: server and client both use it. */
export const pct = (x: number | null) => (x === null ? "—" : `${x.toFixed(1)} %`);
export const kap = (x: number | null) => (x === null ? "—" : x.toFixed(2));
