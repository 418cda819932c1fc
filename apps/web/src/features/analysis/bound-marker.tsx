import type { RatingPlot } from "@arena/core/rating-display";

/**
 * The chart mark of a rating (core describeRating's plot): a dot for an estimate, a triangle at
 * the bound of an unbeaten (pointing up the scale: at least) or winless agent (pointing down: at
 * most). `axis` is the direction ratings grow on: "y" in history charts, "x" in the forest plot.
 */
export function BoundMarker({
  cx,
  cy,
  marker,
  color,
  axis = "y",
  small = false,
}: {
  cx?: number;
  cy?: number;
  marker: RatingPlot["marker"] | null;
  color: string;
  axis?: "x" | "y";
  small?: boolean;
}) {
  if (cx === undefined || cy === undefined || marker === null) return <g />;
  if (marker === "point") return small ? <g /> : <circle cx={cx} cy={cy} r={3} fill={color} />;
  const s = 6;
  const up = marker === "atLeast";
  // A triangle whose tip points toward higher ratings for "at least", lower for "at most".
  const points =
    axis === "y"
      ? up
        ? [
            [cx, cy - s],
            [cx - s, cy + s],
            [cx + s, cy + s],
          ]
        : [
            [cx, cy + s],
            [cx - s, cy - s],
            [cx + s, cy - s],
          ]
      : up
        ? [
            [cx + s, cy],
            [cx - s, cy - s],
            [cx - s, cy + s],
          ]
        : [
            [cx - s, cy],
            [cx + s, cy - s],
            [cx + s, cy + s],
          ];
  return (
    <polygon data-rating-marker={marker} points={points.map((p) => p.join(",")).join(" ")} fill={color}>
      <title>{up ? "unbeaten: at least this rating" : "winless: at most this rating"}</title>
    </polygon>
  );
}
