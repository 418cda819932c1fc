/**
 * Okabe–Ito: eight colours distinguishable with the common colour-vision deficiencies. Black is
 * left out (invisible in dark mode) and yellow comes last (faint on white); series beyond seven
 * repeat with a dash pattern in charts.
 */
export const OKABE_ITO = ["#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#0072B2", "#D55E00", "#F0E442"] as const;

export const seriesColor = (i: number) => OKABE_ITO[i % OKABE_ITO.length]!;

/** Failure types keep one colour everywhere (profile bars, charts, legends). */
export const FAILURE_COLORS = { DEEP: "#0072B2", WIDE: "#E69F00", BOTH: "#CC79A7", NONE: "#999999" } as const;
