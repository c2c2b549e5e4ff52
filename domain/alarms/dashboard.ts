import * as z from 'zod';
import type { SensorType } from '../devices/device-catalogue';
import type { UserView } from '../identity/user-views';
import { ALARM_DEVICE_KINDS, ALARM_TYPES, type Alarm } from './alarm';
import { storedLimitsOf, type AlarmProfileFields } from './alarm-profile';
import { channelInsight } from './insight';

/**
 * The dashboard's widgets (SPEC section 2 "Dashboard"; issue 13 section 3): system health, the
 * alarm dashboard, top assets in alarm, repeat alarms and insight. Their answers are shared by
 * the API and the browser; the figures are pure functions of what the API read.
 */

/** SPEC section 9: "Dashboard top items last 7 days". */
export const DASHBOARD_PERIOD_DAYS = 7;
export const DASHBOARD_PERIOD_MS = DASHBOARD_PERIOD_DAYS * 24 * 60 * 60 * 1000;
/** How many top assets and repeat alarms a widget lists. */
export const DASHBOARD_TOP_ITEMS = 10;
/**
 * Weaker than this (dBm) is a weak signal: the bottom band of the signal-strength legend
 * (the alarms page's "poor", below -110 dBm).
 */
export const WEAK_SIGNAL_DBM = -110;
/** A sensor whose alarm profile sets no battery threshold counts as low below this (the demo's profiles use 20 %). */
export const DEFAULT_LOW_BATTERY_PERCENT = 20;

/** Whether something placed on a site (and a department and division) is in a user view: on one of its sites, and in its departments and divisions when it names any. */
export function inUserView(view: Pick<UserView, 'siteIds' | 'departmentIds' | 'divisionIds'>, placement: { siteId?: string | undefined; departmentId?: string | undefined; divisionId?: string | undefined }): boolean {
  if (placement.siteId === undefined || !view.siteIds.includes(placement.siteId)) return false;
  if (view.departmentIds.length > 0 && (placement.departmentId === undefined || !view.departmentIds.includes(placement.departmentId))) return false;
  if (view.divisionIds.length > 0 && (placement.divisionId === undefined || !view.divisionIds.includes(placement.divisionId))) return false;
  return true;
}

// System health

const count = z.number().int();

/** `GET /dashboard/health`: the sensors and gateways the caller reaches (in the view), counted. */
export const systemHealthSchema = z.object({
  sensors: z.object({ total: count, online: count, offline: count, lowBattery: count, weakSignal: count }),
  gateways: z.object({ total: count, online: count, offline: count }),
  /** More devices than one answer reads: the counts are of the first ones. */
  truncated: z.boolean(),
});
export type SystemHealth = z.output<typeof systemHealthSchema>;

/** A sensor as system health counts it. */
export interface SensorHealthFacts {
  online: boolean;
  battery?: number | undefined;
  signal?: number | undefined;
  /** The battery threshold of its alarm profile (percent), if it sets one. */
  batteryThresholdPercent?: number | undefined;
}

export function systemHealthOf(sensors: readonly SensorHealthFacts[], gateways: readonly { online: boolean }[], truncated: boolean): SystemHealth {
  const sensorsOnline = sensors.filter((sensor) => sensor.online).length;
  const gatewaysOnline = gateways.filter((gateway) => gateway.online).length;
  return {
    sensors: {
      total: sensors.length,
      online: sensorsOnline,
      offline: sensors.length - sensorsOnline,
      lowBattery: sensors.filter((sensor) => sensor.battery !== undefined && sensor.battery < (sensor.batteryThresholdPercent ?? DEFAULT_LOW_BATTERY_PERCENT)).length,
      weakSignal: sensors.filter((sensor) => sensor.signal !== undefined && sensor.signal < WEAK_SIGNAL_DBM).length,
    },
    gateways: { total: gateways.length, online: gatewaysOnline, offline: gateways.length - gatewaysOnline },
    truncated,
  };
}

// Alarm dashboard, top assets in alarm, repeat alarms

const deviceFields = {
  deviceKind: z.enum(ALARM_DEVICE_KINDS),
  deviceId: z.string(),
  deviceName: z.string(),
  siteId: z.string(),
};

/** `GET /dashboard/alarms`: the active alarms counted, the oldest, and the last 7 days' top assets and repeat alarms. */
export const alarmOverviewSchema = z.object({
  /** The period of the top assets and repeat alarms (ISO). */
  from: z.string(),
  to: z.string(),
  active: count,
  unacknowledged: count,
  byType: z.partialRecord(z.enum(ALARM_TYPES), count),
  /** By site id. */
  bySite: z.record(z.string(), count),
  /** The active alarm that started first. */
  oldest: z.object({ id: z.string(), type: z.enum(ALARM_TYPES), startedAt: z.string(), ...deviceFields }).nullable(),
  /** Devices by how many alarms started on them in the period, most first. */
  topAssets: z.array(z.object({ ...deviceFields, count })),
  /** A device's alarms of one type that started more than once in the period, most first. */
  repeatAlarms: z.array(z.object({ ...deviceFields, type: z.enum(ALARM_TYPES), count })),
  /** More alarms than one answer reads: the figures are of the newest ones. */
  truncated: z.boolean(),
});
export type AlarmOverview = z.output<typeof alarmOverviewSchema>;

type DeviceOf = Pick<Alarm, 'deviceKind' | 'deviceId' | 'deviceName' | 'siteId'>;
const deviceOf = ({ deviceKind, deviceId, deviceName, siteId }: DeviceOf) => ({ deviceKind, deviceId, deviceName, siteId });

/** Ranks groups of alarms by size, most first, then by device name so the order is stable. */
function ranked<T extends { count: number; deviceName: string }>(groups: Iterable<T>): T[] {
  return [...groups].sort((a, b) => b.count - a.count || a.deviceName.localeCompare(b.deviceName)).slice(0, DASHBOARD_TOP_ITEMS);
}

/**
 * The alarm dashboard from the active alarms and the alarms that started in the period
 * (active or history; an alarm in both lists is counted once).
 */
export function alarmOverviewOf(active: readonly Alarm[], startedInPeriod: readonly Alarm[], period: { from: string; to: string }, truncated: boolean): AlarmOverview {
  const byType: AlarmOverview['byType'] = {};
  const bySite: AlarmOverview['bySite'] = {};
  let oldest: Alarm | undefined;
  for (const alarm of active) {
    byType[alarm.type] = (byType[alarm.type] ?? 0) + 1;
    bySite[alarm.siteId] = (bySite[alarm.siteId] ?? 0) + 1;
    if (oldest === undefined || Date.parse(alarm.startedAt) < Date.parse(oldest.startedAt)) oldest = alarm;
  }
  const recent = new Map(startedInPeriod.map((alarm) => [alarm.id, alarm]));
  const byDevice = new Map<string, AlarmOverview['topAssets'][number]>();
  const byDeviceType = new Map<string, AlarmOverview['repeatAlarms'][number]>();
  for (const alarm of recent.values()) {
    const device = `${alarm.deviceKind}#${alarm.deviceId}`;
    byDevice.set(device, { ...deviceOf(alarm), count: (byDevice.get(device)?.count ?? 0) + 1 });
    const deviceType = `${device}#${alarm.type}`;
    byDeviceType.set(deviceType, { ...deviceOf(alarm), type: alarm.type, count: (byDeviceType.get(deviceType)?.count ?? 0) + 1 });
  }
  return {
    ...period,
    active: active.length,
    unacknowledged: active.filter((alarm) => alarm.acknowledgedAt === undefined).length,
    byType,
    bySite,
    oldest: oldest === undefined ? null : { id: oldest.id, type: oldest.type, startedAt: oldest.startedAt, ...deviceOf(oldest) },
    topAssets: ranked(byDevice.values()),
    repeatAlarms: ranked([...byDeviceType.values()].filter((group) => group.count > 1)),
    truncated,
  };
}

// Insight

const figure = z.number();

/** One sensor channel's insight over the period (`domain/alarms/insight.ts` figures). */
export const sensorInsightSchema = z.object({
  sensorId: z.string(),
  sensorName: z.string(),
  siteId: z.string(),
  channel: z.string(),
  /** The measurement, for the unit shown: temperatures in °C, humidity in %RH. */
  measurement: z.enum(['temperature', 'humidity']),
  /** The alarm profile's limits (stored units); null when it sets none (time in range is then null). */
  limits: z.object({ min: figure, max: figure }).nullable(),
  timeInRangePercent: figure.nullable(),
  min: figure,
  max: figure,
  mean: figure,
  /** Vaccine fridges only (ΔH/R 10,000 K). */
  meanKinetic: figure.optional(),
  readings: count,
});
export type SensorInsight = z.output<typeof sensorInsightSchema>;

/** `GET /dashboard/insight`: the period, and a row per sensor channel with readings in it. */
export const insightAnswerSchema = z.object({
  from: z.string(),
  to: z.string(),
  items: z.array(sensorInsightSchema),
  /** Sensors in the view the caller reaches. */
  sensors: count,
  /** More sensors than one answer reads (pick a user view to narrow it). */
  truncated: z.boolean(),
});
export type InsightAnswer = z.output<typeof insightAnswerSchema>;

/** The channel types insight judges, by what they measure (contacts and oil quality have no time in range). */
const MEASUREMENT_OF: Partial<Record<SensorType, SensorInsight['measurement']>> = {
  temperature: 'temperature', probe: 'temperature', thermocouple: 'temperature', dishwasher: 'temperature', humidity: 'humidity',
};

export interface InsightSensor {
  id: string;
  name: string;
  siteId: string;
  monitoringType?: string | undefined;
  channels: readonly { channel: number; sensorType: SensorType }[];
}

/**
 * A sensor's insight rows over the period: one per temperature or humidity channel with
 * readings in it, time in range against its alarm profile's out-of-range limits when the
 * profile measures that channel, and the mean kinetic temperature for a vaccine fridge.
 */
export function sensorInsightsOf(
  sensor: InsightSensor,
  profile: AlarmProfileFields | undefined,
  readings: readonly { time: number; channels: Readonly<Record<string, number | null>> }[],
  period: { from: number; to: number; maxHoldMs: number },
): SensorInsight[] {
  const limits = profile === undefined ? undefined : storedLimitsOf(profile);
  return sensor.channels.flatMap(({ channel, sensorType }): SensorInsight[] => {
    const measurement = MEASUREMENT_OF[sensorType];
    if (measurement === undefined) return [];
    const key = String(channel);
    const values = readings.flatMap((reading) => {
      const value = reading.channels[key];
      return typeof value === 'number' ? [{ time: reading.time, value }] : [];
    });
    const judged = limits !== undefined && profile?.measurement === measurement ? { min: limits.min, max: limits.max } : undefined;
    const figures = channelInsight(values, judged ?? { min: Number.NEGATIVE_INFINITY, max: Number.POSITIVE_INFINITY }, period);
    if (figures === undefined) return [];
    const vaccine = sensor.monitoringType === 'vaccine' && measurement === 'temperature';
    return [{
      sensorId: sensor.id,
      sensorName: sensor.name,
      siteId: sensor.siteId,
      channel: key,
      measurement,
      limits: judged ?? null,
      timeInRangePercent: judged === undefined ? null : figures.timeInRangePercent,
      min: figures.min,
      max: figures.max,
      mean: figures.mean,
      ...(vaccine ? { meanKinetic: figures.meanKinetic } : {}),
      readings: values.filter((value) => value.time >= period.from && value.time < period.to).length,
    }];
  });
}
