"use client";

import {
  Bar,
  BarChart,
  CartesianGrid,
  ErrorBar,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { describeRating, type RatingFacts, type RatingPlot } from "@arena/core/rating-display";
import { AXIS_LABEL_STYLE, AXIS_TICK, GRID_STROKE, TOOLTIP_STYLE } from "@/lib/chart-style";
import { FAILURE_COLORS, OKABE_ITO, seriesColor } from "@/lib/palette";
import { BoundMarker } from "./bound-marker";

/*
 * The Analysis page's charts. Each takes plain data prepared on the server; the numbers are also
 * in the table beside each chart, so these are drawn for sighted readers only.
 */

const MARGIN = { top: 8, right: 16, bottom: 24, left: 8 };
/** Series beyond the palette's seven colours are told apart by their dash pattern. */
const dash = (i: number) => (i < OKABE_ITO.length ? undefined : `${4 + (i % 3) * 2} 3`);

/**
 * Each agent's rating (dot) and interval (whisker); an unbeaten or winless agent at its bound as a
 * triangle pointing the way its rating is open, without a whisker, and one with no bound left out
 * (core describeRating's plot).
 */
export function RatingsChart({ rows }: { rows: (RatingFacts & { name: string })[] }) {
  const data = rows
    .flatMap((r) => {
      const p = describeRating(r).plot;
      if (!p) return [];
      const err =
        p.lower !== null && p.upper !== null && p.marker === "point"
          ? [Math.round(p.value - p.lower), Math.round(p.upper - p.value)]
          : null;
      return [{ name: r.name, rating: Math.round(p.value), err, marker: p.marker }];
    })
    .map((d, y) => ({ ...d, y }));
  const names = data.map((d) => d.name);
  return (
    <ResponsiveContainer width="100%" height={Math.max(160, 36 * data.length + 50)}>
      <ScatterChart accessibilityLayer={false} margin={{ ...MARGIN, left: 16 }}>
        <CartesianGrid stroke={GRID_STROKE} />
        <XAxis
          type="number"
          dataKey="rating"
          domain={["auto", "auto"]}
          tick={AXIS_TICK}
          label={{ value: "Bradley–Terry rating", position: "insideBottom", offset: -12, style: AXIS_LABEL_STYLE }}
        />
        <YAxis
          type="number"
          dataKey="y"
          reversed
          domain={[-0.5, data.length - 0.5]}
          ticks={data.map((d) => d.y)}
          tickFormatter={(v: number) => names[v] ?? ""}
          tick={AXIS_TICK}
          width={130}
          interval={0}
        />
        <Tooltip {...TOOLTIP_STYLE} formatter={(v, key) => [v, key === "y" ? "agent" : key]} labelFormatter={() => ""} />
        <Scatter
          data={data}
          fill={OKABE_ITO[4]}
          isAnimationActive={false}
          shape={(props: { cx?: number; cy?: number; payload?: { marker: RatingPlot["marker"] } }) => (
            <BoundMarker cx={props.cx} cy={props.cy} marker={props.payload?.marker ?? "point"} color={OKABE_ITO[4]} axis="x" />
          )}
        >
          <ErrorBar dataKey="err" direction="x" width={6} stroke={OKABE_ITO[4]} />
        </Scatter>
      </ScatterChart>
    </ResponsiveContainer>
  );
}

/**
 * One line per agent over `points` (x: `matches`, one key per agent id); an agent without a value
 * at a point has no line there. Also the tournament page's rating history (`yLabel` "rating"),
 * whose `markers` (per point, per agent id) draw an unbeaten or winless agent's bound as ▲ / ▼.
 */
export function EloHistoryChart({
  points,
  agents,
  markers,
  yLabel = "Elo",
  xLabel = "rated matches, in finishing order",
}: {
  points: Record<string, number>[];
  agents: { id: string; name: string }[];
  markers?: Record<string, RatingPlot["marker"]>[];
  yLabel?: string;
  xLabel?: string;
}) {
  const dotOf = (id: string, color: string) =>
    markers
      ? (props: { cx?: number; cy?: number; index?: number }) => (
          <BoundMarker
            key={`${id}-${props.index}`}
            cx={props.cx}
            cy={props.cy}
            marker={markers[props.index ?? -1]?.[id] ?? null}
            color={color}
            small={points.length > 30}
          />
        )
      : points.length <= 30
        ? { r: 3 }
        : false;
  return (
    <ResponsiveContainer width="100%" height={300}>
      <LineChart accessibilityLayer={false} data={points} margin={MARGIN}>
        <CartesianGrid stroke={GRID_STROKE} />
        <XAxis
          dataKey="matches"
          type="number"
          domain={["dataMin", "dataMax"]}
          tick={AXIS_TICK}
          label={{ value: xLabel, position: "insideBottom", offset: -12, style: AXIS_LABEL_STYLE }}
        />
        <YAxis
          domain={["auto", "auto"]}
          tick={AXIS_TICK}
          width={48}
          label={{ value: yLabel, angle: -90, position: "insideLeft", style: AXIS_LABEL_STYLE }}
        />
        <Tooltip {...TOOLTIP_STYLE} />
        <Legend verticalAlign="top" wrapperStyle={{ fontSize: 11 }} />
        {agents.map((a, i) => (
          <Line
            key={a.id}
            dataKey={a.id}
            name={a.name}
            stroke={seriesColor(i)}
            strokeDasharray={dash(i)}
            dot={dotOf(a.id, seriesColor(i))}
            strokeWidth={2}
            isAnimationActive={false}
            connectNulls
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}

export function VerdictChart({ data }: { data: { label: string; count: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height={220}>
      <BarChart accessibilityLayer={false} data={data} margin={MARGIN}>
        <CartesianGrid stroke={GRID_STROKE} vertical={false} />
        <XAxis
          dataKey="label"
          tick={AXIS_TICK}
          interval={0}
          label={{ value: "verdict", position: "insideBottom", offset: -12, style: AXIS_LABEL_STYLE }}
        />
        <YAxis
          allowDecimals={false}
          tick={AXIS_TICK}
          width={40}
          label={{ value: "rounds", angle: -90, position: "insideLeft", style: AXIS_LABEL_STYLE }}
        />
        <Tooltip {...TOOLTIP_STYLE} />
        <Bar dataKey="count" name="rounds" fill={OKABE_ITO[4]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function FailureTypesChart({ data }: { data: { name: string; DEEP: number; WIDE: number; BOTH: number; NONE: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height={Math.max(160, 32 * data.length + 70)}>
      <BarChart accessibilityLayer={false} data={data} layout="vertical" margin={{ ...MARGIN, left: 16 }}>
        <CartesianGrid stroke={GRID_STROKE} horizontal={false} />
        <XAxis
          type="number"
          allowDecimals={false}
          tick={AXIS_TICK}
          label={{ value: "lost rounds", position: "insideBottom", offset: -12, style: AXIS_LABEL_STYLE }}
        />
        <YAxis type="category" dataKey="name" tick={AXIS_TICK} width={130} interval={0} />
        <Tooltip {...TOOLTIP_STYLE} />
        <Legend verticalAlign="top" wrapperStyle={{ fontSize: 11 }} />
        {(["DEEP", "WIDE", "BOTH", "NONE"] as const).map((k) => (
          <Bar key={k} dataKey={k} stackId="lost" fill={FAILURE_COLORS[k]} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

export function SkillGapChart({ points }: { points: { pair: string; gap: number; meanRounds: number; matches: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <ScatterChart accessibilityLayer={false} margin={MARGIN}>
        <CartesianGrid stroke={GRID_STROKE} />
        <XAxis
          type="number"
          dataKey="gap"
          name="rating gap"
          tick={AXIS_TICK}
          label={{ value: "rating gap between the pair", position: "insideBottom", offset: -12, style: AXIS_LABEL_STYLE }}
        />
        <YAxis
          type="number"
          dataKey="meanRounds"
          name="mean rounds"
          tick={AXIS_TICK}
          width={40}
          label={{ value: "mean rounds per match", angle: -90, position: "insideLeft", style: AXIS_LABEL_STYLE, dy: 60 }}
        />
        <Tooltip {...TOOLTIP_STYLE} />
        <Scatter data={points} fill={OKABE_ITO[5]} isAnimationActive={false} />
      </ScatterChart>
    </ResponsiveContainer>
  );
}

export function HistogramChart({ data, xLabel, color }: { data: { value: number; count: number }[]; xLabel: string; color: number }) {
  return (
    <ResponsiveContainer width="100%" height={200}>
      <BarChart accessibilityLayer={false} data={data} margin={MARGIN}>
        <CartesianGrid stroke={GRID_STROKE} vertical={false} />
        <XAxis dataKey="value" tick={AXIS_TICK} label={{ value: xLabel, position: "insideBottom", offset: -12, style: AXIS_LABEL_STYLE }} />
        <YAxis
          allowDecimals={false}
          tick={AXIS_TICK}
          width={40}
          label={{ value: "rounds", angle: -90, position: "insideLeft", style: AXIS_LABEL_STYLE }}
        />
        <Tooltip {...TOOLTIP_STYLE} />
        <Bar dataKey="count" name="rounds" fill={seriesColor(color)} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
