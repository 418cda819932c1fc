"use client";

import { Area, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { AgentView } from "@arena/tournament/read";
import { AXIS_LABEL_STYLE, AXIS_TICK, GRID_STROKE, TOOLTIP_STYLE } from "@/lib/chart-style";
import { OKABE_ITO } from "@/lib/palette";

/** Rating after each stored snapshot (x: matches counted) with its 95 % interval as a band. */
export function RatingHistoryChart({ history }: { history: AgentView["ratingHistory"] }) {
  const data = history.map((h) => ({ matches: h.matchesCounted, rating: Math.round(h.rating), band: [Math.round(h.lower), Math.round(h.upper)] }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <ComposedChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 12, bottom: 20, left: 8 }}>
        <CartesianGrid stroke={GRID_STROKE} />
        <XAxis dataKey="matches" type="number" domain={["dataMin", "dataMax"]} tick={AXIS_TICK} label={{ value: "rated matches in the scope", position: "insideBottom", offset: -10, style: AXIS_LABEL_STYLE }} />
        <YAxis tick={AXIS_TICK} width={52} label={{ value: "rating", angle: -90, position: "insideLeft", style: AXIS_LABEL_STYLE }} />
        <Tooltip {...TOOLTIP_STYLE} />
        <Area dataKey="band" name="95 % interval" stroke="none" fill={OKABE_ITO[1]} fillOpacity={0.25} isAnimationActive={false} />
        <Line dataKey="rating" name="rating" stroke={OKABE_ITO[4]} strokeWidth={2} dot={data.length < 40} isAnimationActive={false} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
