"use client";

import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { AXIS_LABEL_STYLE, AXIS_TICK, GRID_STROKE, TOOLTIP_STYLE } from "@/lib/chart-style";
import { OKABE_ITO, seriesColor } from "@/lib/palette";

/** One point per stored snapshot: the rated matches it counted and each rated agent's rating (absent before it joined). */
export interface HistoryPoint {
  matches: number;
  at: string;
  [agentId: string]: number | string;
}

const dash = (i: number) => (i < OKABE_ITO.length ? undefined : `${4 + (i % 3) * 2} 3`);

/** Each agent's Bradley–Terry rating across the tournament's snapshots; a line starts at the first snapshot that rated it. */
export function RatingHistoryChart({ points, agents }: { points: HistoryPoint[]; agents: { id: string; name: string }[] }) {
  return (
    <ResponsiveContainer width="100%" height={300}>
      <LineChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 16, bottom: 24, left: 8 }}>
        <CartesianGrid stroke={GRID_STROKE} />
        <XAxis dataKey="matches" type="number" domain={["dataMin", "dataMax"]} tick={AXIS_TICK} label={{ value: "rated matches at the snapshot", position: "insideBottom", offset: -12, style: AXIS_LABEL_STYLE }} />
        <YAxis domain={["auto", "auto"]} tick={AXIS_TICK} width={48} label={{ value: "rating", angle: -90, position: "insideLeft", style: AXIS_LABEL_STYLE }} />
        <Tooltip {...TOOLTIP_STYLE} />
        <Legend verticalAlign="top" wrapperStyle={{ fontSize: 11 }} />
        {agents.map((a, i) => (
          <Line key={a.id} dataKey={a.id} name={a.name} stroke={seriesColor(i)} strokeDasharray={dash(i)} dot={points.length < 30} strokeWidth={2} isAnimationActive={false} />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
