import type { ReadingUnit, SensorType } from '@domain/devices/device-catalogue';
import type { UnitOfMeasure } from '../../app/clientState';
import { displayValue, unitSymbol } from './readingUnits';

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
