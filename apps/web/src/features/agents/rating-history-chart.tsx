"use client";

import { Area, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { describeRating, type RatingPlot } from "@arena/core/rating-display";
import type { AgentView } from "@arena/tournament/read";
import { AXIS_LABEL_STYLE, AXIS_TICK, GRID_STROKE, TOOLTIP_STYLE } from "@/lib/chart-style";
import { OKABE_ITO } from "@/lib/palette";
import { BoundMarker } from "@/features/analysis/bound-marker";

/**
 * Rating after each stored snapshot (x: matches counted) with its 95 % interval as a band. Where
 * the agent was unbeaten or winless the point is its bound, drawn as ▲ / ▼ (core describeRating),
 * and the band stops: the interval has no end on that side.
 */
export function RatingHistoryChart({ history }: { history: AgentView["ratingHistory"] }) {
  const data = history.map((h) => {
    const p = describeRating(h).plot;
    return {
      matches: h.matchesCounted,
      rating: p ? Math.round(p.value) : null,
      band: p && p.marker === "point" ? [Math.round(h.lower), Math.round(h.upper)] : null,
      marker: p?.marker ?? null,
    };
  });
  const bounded = data.some((d) => d.marker !== "point");
  return (
    <ResponsiveContainer width="100%" height={260}>
      <ComposedChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 12, bottom: 20, left: 8 }}>
        <CartesianGrid stroke={GRID_STROKE} />
        <XAxis
          dataKey="matches"
          type="number"
          domain={["dataMin", "dataMax"]}
          tick={AXIS_TICK}
          label={{ value: "rated matches in the scope", position: "insideBottom", offset: -10, style: AXIS_LABEL_STYLE }}
        />
        <YAxis tick={AXIS_TICK} width={52} label={{ value: "rating", angle: -90, position: "insideLeft", style: AXIS_LABEL_STYLE }} />
        <Tooltip {...TOOLTIP_STYLE} />
        <Area dataKey="band" name="95 % interval" stroke="none" fill={OKABE_ITO[1]} fillOpacity={0.25} isAnimationActive={false} />
        <Line
          dataKey="rating"
          name={bounded ? "rating (▲ unbeaten: at least; ▼ winless: at most)" : "rating"}
          stroke={OKABE_ITO[4]}
          strokeWidth={2}
          connectNulls={false}
          dot={(props: { cx?: number; cy?: number; index?: number; payload?: { marker: RatingPlot["marker"] | null } }) => (
            <BoundMarker
              key={props.index}
              cx={props.cx}
              cy={props.cy}
              marker={props.payload?.marker ?? null}
              color={OKABE_ITO[4]}
              small={data.length >= 40}
            />
          )}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
