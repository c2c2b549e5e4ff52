import { SENSOR_TYPES, type SensorType } from '@domain/devices/device-catalogue';
import { sensorReportSeconds } from '@domain/devices/sensor';
import { DEFAULT_DEVIATION } from '@domain/telemetry/telemetry-state';
import { toSensorRecord, type SensorRecord } from './sensor';

/**
 * What the ingest and the graph read of a sensor: its configuration item decoded once
 * (`toSensorRecord`), then reduced to what a reading needs. It lives in the data layer so the
 * ingest and telemetry share it without one resource importing the other.
 */

export interface SensorChannelConfig {
  channel: string;
  sensorType: SensorType;
  sensorSubType: string;
  dataLoggingProfileId?: string;
}

/** What the ingest reads of a sensor's configuration item. */
export interface SensorConfig {
  id: string;
  name?: string;
  siteId?: string;
  locationId?: string;
  gatewayId?: string;
  deviceModel?: string;
  deviceStatus?: string;
  channels: SensorChannelConfig[];
  /** Disabled sensors' readings are stored, flagged, and raise no alarms. */
  disabled: boolean;
  /** How often it reports, for the online rule (its model's, as the sensors API goes by). */
  reportSeconds: number;
  /** Per channel, the move that is material for the live state (the data logging profile's deviation). */
  deviations: Record<string, number>;
  /** The configuration item as stored (alarm profiles, notification groups, ... for the alarm engine). */
  item: Record<string, unknown>;
}

/** What the ingest keeps of a data logging profile. */
export interface ProfileSettings {
  deviation?: number;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

function channelsOf(record: SensorRecord): SensorChannelConfig[] {
  const channels: SensorChannelConfig[] = [];
  for (const entry of record.channels as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const fields = entry as Record<string, unknown>;
    const channel = typeof fields['channel'] === 'number' ? String(fields['channel']) : text(fields['channel']);
    const sensorType = text(fields['sensorType']);
    if (channel === undefined || sensorType === undefined || !(SENSOR_TYPES as readonly string[]).includes(sensorType)) continue;
    const profileId = text(fields['dataLoggingProfileId']);
    channels.push({
      channel,
      sensorType: sensorType as SensorType,
      sensorSubType: text(fields['sensorSubType']) ?? '',
      ...(profileId !== undefined ? { dataLoggingProfileId: profileId } : {}),
    });
  }
  return channels;
}

/** A sensor's record as the ingest needs it (`item` is the stored item, kept for the alarm engine). */
export function sensorConfigFromRecord(
  id: string,
  record: SensorRecord,
  item: Record<string, unknown>,
  profiles: ReadonlyMap<string, ProfileSettings> = new Map(),
): SensorConfig {
  const channels = channelsOf(record);
  const deviations: Record<string, number> = {};
  for (const channel of channels) {
    // A contact's every change matters; a profile's deviation of 0 means "none set".
    const profile = channel.dataLoggingProfileId === undefined ? undefined : profiles.get(channel.dataLoggingProfileId)?.deviation;
    deviations[channel.channel] = channel.sensorType === 'contact' ? 0
      : profile !== undefined && profile > 0 ? profile : DEFAULT_DEVIATION[channel.sensorType];
  }
  const optional = <K extends 'name' | 'siteId' | 'locationId' | 'gatewayId' | 'deviceStatus' | 'deviceModel'>(key: K) => {
    const value = text(record[key]);
    return value === undefined ? {} : { [key]: value };
  };
  return {
    id,
    ...optional('name'),
    ...optional('siteId'),
    ...optional('locationId'),
    ...optional('gatewayId'),
    ...optional('deviceStatus'),
    ...optional('deviceModel'),
    channels,
    disabled: record.disabled,
    reportSeconds: sensorReportSeconds(text(record.deviceModel)),
    deviations,
    item,
  };
}

/** A sensor configuration item as the ingest needs it, decoded by the one sensor decoder. */
export const sensorConfigOf = (id: string, item: Record<string, unknown>, profiles: ReadonlyMap<string, ProfileSettings> = new Map()): SensorConfig =>
  sensorConfigFromRecord(id, toSensorRecord(item), item, profiles);
