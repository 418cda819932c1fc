/** Recharts styling that works in light and dark mode: text takes the surrounding colour. */
export const AXIS_TICK = { fill: "currentColor", fontSize: 11 } as const;
export const AXIS_LABEL_STYLE = { fill: "currentColor", fontSize: 11 } as const;
export const GRID_STROKE = "rgba(128,128,128,0.25)";
export const TOOLTIP_STYLE = {
  contentStyle: {
    background: "var(--color-white)",
    border: "1px solid var(--color-zinc-300)",
    borderRadius: 6,
    fontSize: 12,
    color: "var(--color-zinc-900)",
  },
} as const;
