import type { AlarmProfile } from '@domain/alarms/alarm-profile';
import type { Navbar } from '@domain/identity/account';
import type { DataLoggingProfile } from '@domain/devices/data-logging-profile';
import type { Gateway } from '@domain/devices/gateway';
import type { Sensor } from '@domain/devices/sensor';

/** Test data for the sensor screens' component tests (not part of the app's bundle: only tests import it). */

const at = '2026-03-10T08:00:00.000Z';
/** A time so many minutes before the test runs: the pages judge a sensor at the moment shown. */
export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export function sensorFixture(overrides: Partial<Sensor> = {}): Sensor {
  return {
    id: 'A1B2C3D4',
    name: 'Walk-in Fridge',
    deviceModel: 'CT-200',
    locationId: 'l-1',
    siteId: 's-1',
    gatewayId: 'A84041000181B2C1',
    notificationGroupIds: [],
    inactivityNotificationGroupIds: [],
    channels: [
      { channel: 1, dataLoggingProfileId: 'p-1', sensorType: 'temperature', sensorSubType: 'walkInCooler' },
      { channel: 2, dataLoggingProfileId: 'p-1', sensorType: 'humidity', sensorSubType: 'relativeHumidity' },
    ],
    connectionType: 'subGhz',
    deviceStatus: 'active',
    registeredOn: at,
    disabled: false,
    scheduledChanges: [],
    noteCount: 0,
    live: { online: true, reading: { 1: 3.5, 2: 61 }, battery: 87, signal: -71, snr: 7.5, lastCommunicated: minutesAgo(2), lastReadingAt: minutesAgo(2) },
    createdAt: at,
    updatedAt: at,
    createdBy: 'admin@demo.example',
    updatedBy: 'admin@demo.example',
    version: 1,
    ...overrides,
  };
}

export const NAVBAR: Navbar = {
  locations: [
    { id: 'l-1', name: 'Head Office', displayName: 'Head Office', sites: [{ id: 's-1', name: 'Main Kitchen' }, { id: 's-2', name: 'Bakery' }] },
  ],
};

export const PROFILE: DataLoggingProfile = {
  id: 'p-1', name: 'Every 5 minutes', description: '', enabled: true, valueToLog: 'average', intervalMinutes: 5, calculationWindowMinutes: 5,
  deviation: 0.5, schedule: { kind: 'always' }, useCount: 0, createdAt: at, updatedAt: at, createdBy: 'a', updatedBy: 'a', version: 1,
};

export const ALARM_PROFILE: AlarmProfile = {
  id: 'ap-1', name: 'Walk-in cooler', description: 'Walk-in coolers', types: ['outOfRange'], alarmDelayMinutes: 30, notificationDelayMinutes: 0,
  snoozeIntervalMinutes: 30, snoozeLimit: 3, measurement: 'temperature', unit: 'C', min: 0, max: 5, deadband: 0.5, processBased: false,
  schedule: { kind: 'always' }, sensorCount: 1, gatewayCount: 0, createdAt: at, updatedAt: at, createdBy: 'a', updatedBy: 'a', version: 1,
};

export const GATEWAY: Gateway = {
  id: 'A84041000181B2C1', name: 'Kitchen Gateway', model: 'GW-SG1', macId: '00:1A:2B:3C:4D:5E', eui: 'A84041000181B2C1', locationIds: ['l-1'], siteId: 's-1',
  notes: '', imageFileIds: [], isActive: true, status: 'Active', sensorCount: 1, noteCount: 0, state: { online: true },
  createdAt: at, updatedAt: at, createdBy: 'a', updatedBy: 'a', version: 1,
};

export const GRID_SETTINGS = { columnOrder: [], columnVisibility: {}, columnWidths: {} };

/** Answers for the calls every sensor screen makes (names of locations, sites, gateways, profiles). */
export function lookupAnswer(path: string): unknown {
  if (path.startsWith('/account/gridsettings/')) return GRID_SETTINGS;
  if (path === '/locations/navbar') return NAVBAR;
  if (path.startsWith('/gateways?')) return { items: [GATEWAY] };
  if (path.startsWith('/dataloggingprofiles?')) return { items: [PROFILE] };
  if (path.startsWith('/alarmprofiles?')) return { items: [ALARM_PROFILE] };
  if (path.startsWith('/departments?') || path.startsWith('/divisions?')) return { items: [] };
  if (path === '/alarms/summary') return { active: 0, unacknowledged: 0, byType: {}, bySite: {}, byDevice: {} };
  if (path.startsWith('/alarms?')) return { items: [] };
  return undefined;
}
