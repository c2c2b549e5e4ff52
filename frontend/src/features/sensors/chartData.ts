import type { ReadingUnit, SensorType } from '@domain/devices/device-catalogue';
import type { UnitOfMeasure } from '../../session/clientState';
import { displayValue, unitSymbol } from '../../i18n/readingUnits';

/** One channel of the graph data call, as the chart needs it. */
export interface GraphChannel {
  channel: string;
  sensorType: SensorType;
  unit: ReadingUnit;
  points: readonly { t: string; v: number | null }[];
}

export interface ChartSeriesPlan {
  id: string;
  channel: string;
  sensorType: SensorType;
  /** The y axis it is drawn against: one per unit, so °F and %RH never share a scale. */
  axisId: string;
  /** Values aligned with `times`; null where the channel had no value at that time. */
  data: (number | null)[];
  /** A contact holds its state until the next reading. */
  step: boolean;
}

export interface ChartPlan {
  times: Date[];
  series: ChartSeriesPlan[];
  /** The y axes in first-seen order, each with the symbol shown on it. */
  axes: { id: string; unit: ReadingUnit; symbol: string }[];
}

/**
 * Lays the graph data call's channels on one shared time axis (the union of their times),
 * in the user's unit of measure, one series per channel, one y axis per unit.
 */
export function chartPlan(channels: readonly GraphChannel[], uom: UnitOfMeasure): ChartPlan {
  const stamps = [...new Set(channels.flatMap((channel) => channel.points.map((point) => Date.parse(point.t))))]
    .filter((stamp) => Number.isFinite(stamp))
    .sort((a, b) => a - b);
  const index = new Map(stamps.map((stamp, position) => [stamp, position]));
  const axes: ChartPlan['axes'] = [];
  const series = channels.map((channel): ChartSeriesPlan => {
    const axisId = `axis-${channel.unit}`;
    if (!axes.some((axis) => axis.id === axisId)) axes.push({ id: axisId, unit: channel.unit, symbol: unitSymbol(channel.unit, uom) });
    const data: (number | null)[] = stamps.map(() => null);
    for (const point of channel.points) {
      const at = index.get(Date.parse(point.t));
      if (at !== undefined && point.v !== null) data[at] = displayValue(point.v, channel.unit, uom);
    }
    return { id: `channel-${channel.channel}`, channel: channel.channel, sensorType: channel.sensorType, axisId, data, step: channel.unit === 'state' };
  });
  return { times: stamps.map((stamp) => new Date(stamp)), series, axes };
}

/**
 * A plan with at most about `columns` time buckets' worth of points (issue 17 item 6: a day of
 * readings drawn on a phone was a solid block). The time span is cut into `columns` equal
 * buckets; in each, every series keeps its lowest and its highest value, so a spike still
 * shows, and the points kept are the times of those values (every series' values at them).
 * A contact's open and close both survive a bucket the same way. A plan with no more than two
 * points a bucket is returned as it is.
 */
export function thinChartPlan(plan: ChartPlan, columns: number): ChartPlan {
  const buckets = Math.max(1, Math.floor(columns));
  const count = plan.times.length;
  if (count <= 2 * buckets) return plan;
  const first = plan.times[0]?.getTime() ?? 0;
  const span = (plan.times[count - 1]?.getTime() ?? first) - first;
  const bucketOf = (index: number) => (span === 0 ? 0 : Math.min(buckets - 1, Math.floor(((plan.times[index]?.getTime() ?? first) - first) / span * buckets)));

  const kept = new Set<number>();
  for (const series of plan.series) {
    let bucket = -1;
    let low = -1;
    let high = -1;
    const flush = () => {
      if (low >= 0) kept.add(low);
      if (high >= 0) kept.add(high);
    };
    series.data.forEach((value, index) => {
      const at = bucketOf(index);
      if (at !== bucket) {
        flush();
        bucket = at;
        low = -1;
        high = -1;
      }
      if (value === null) return;
      if (low < 0 || value < (series.data[low] ?? value)) low = index;
      if (high < 0 || value > (series.data[high] ?? value)) high = index;
    });
    flush();
  }
  const indexes = [...kept].sort((a, b) => a - b);
  return {
    ...plan,
    times: indexes.map((index) => plan.times[index] ?? new Date(first)),
    series: plan.series.map((series) => ({ ...series, data: indexes.map((index) => series.data[index] ?? null) })),
  };
}
