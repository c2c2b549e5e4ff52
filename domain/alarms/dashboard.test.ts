import { describe, expect, it } from 'vitest';
import type { Alarm } from './alarm';
import type { AlarmProfileFields } from './alarm-profile';
import { alarmOverviewOf, DEFAULT_LOW_BATTERY_PERCENT, inUserView, sensorInsightsOf, systemHealthOf } from './dashboard';

const HOUR = 3_600_000;
const alarm = (id: string, fields: Partial<Alarm> = {}): Alarm => ({
  id, deviceKind: 'sensor', deviceId: 'S-1', deviceName: 'Freezer', channel: '1', type: 'threshold', status: 'active', siteId: 'site-1',
  startedAt: '2026-03-10T08:00:00.000Z', raisedAt: '2026-03-10T08:30:00.000Z', lastRunStartedAt: '2026-03-10T08:00:00.000Z',
  lastValue: -12, worstValue: -10, worstAt: '2026-03-10T08:20:00.000Z', snoozeCount: 0, timeline: [], version: 1, ...fields,
});

describe('the dashboard figures', () => {
  it('a user view holds what is on its sites, and in its departments and divisions when it names any', () => {
    const view = { siteIds: ['site-1'], departmentIds: ['dep-1'], divisionIds: [] };
    expect(inUserView(view, { siteId: 'site-1', departmentId: 'dep-1' })).toBe(true);
    expect(inUserView(view, { siteId: 'site-1' })).toBe(false);
    expect(inUserView(view, { siteId: 'site-2', departmentId: 'dep-1' })).toBe(false);
    expect(inUserView({ ...view, departmentIds: [] }, { siteId: 'site-1' })).toBe(true);
  });

  it('counts system health: online, offline, low battery by the profile threshold (default 20 %), weak signal below -110 dBm', () => {
    const health = systemHealthOf([
      { online: true, battery: 15, signal: -120 },
      { online: true, battery: DEFAULT_LOW_BATTERY_PERCENT, signal: -110 },
      { online: false, battery: 28, batteryThresholdPercent: 30 },
    ], [{ online: true }, { online: false }], false);
    expect(health).toEqual({
      sensors: { total: 3, online: 2, offline: 1, lowBattery: 2, weakSignal: 1 },
      gateways: { total: 2, online: 1, offline: 1 }, truncated: false,
    });
  });

  it('counts the active alarms, finds the oldest, and ranks the period\'s top assets and repeat alarms', () => {
    const active = [
      alarm('a-1', { acknowledgedAt: '2026-03-10T09:00:00.000Z' }),
      alarm('a-2', { type: 'contact', deviceId: 'S-2', deviceName: 'Door', siteId: 'site-2', startedAt: '2026-03-09T08:00:00.000Z' }),
    ];
    const recent = [
      ...active,
      alarm('h-1', { status: 'history', startedAt: '2026-03-08T08:00:00.000Z' }),
      alarm('h-2', { status: 'history', startedAt: '2026-03-07T08:00:00.000Z', type: 'inactivity' }),
    ];
    const overview = alarmOverviewOf(active, [...recent, active[0] as Alarm], { from: 'f', to: 't' }, false);
    expect(overview).toMatchObject({
      from: 'f', to: 't', active: 2, unacknowledged: 1, byType: { threshold: 1, contact: 1 }, bySite: { 'site-1': 1, 'site-2': 1 },
      oldest: { id: 'a-2', deviceId: 'S-2', deviceName: 'Door', type: 'contact', startedAt: '2026-03-09T08:00:00.000Z' },
    });
    expect(overview.topAssets.map((asset) => [asset.deviceId, asset.count])).toEqual([['S-1', 3], ['S-2', 1]]);
    expect(overview.repeatAlarms).toEqual([{ deviceKind: 'sensor', deviceId: 'S-1', deviceName: 'Freezer', siteId: 'site-1', type: 'threshold', count: 2 }]);
  });

  it('an empty organisation has no oldest alarm and no top items', () => {
    expect(alarmOverviewOf([], [], { from: 'f', to: 't' }, false)).toMatchObject({ active: 0, oldest: null, topAssets: [], repeatAlarms: [] });
  });

  it('judges a vaccine fridge\'s temperature channel against its profile: time in range, min, max, mean, mean kinetic temperature', () => {
    const profile = { types: ['outOfRange'], measurement: 'temperature', unit: 'C', min: 2, max: 8 } as AlarmProfileFields;
    const sensor = { id: 'S-1', name: 'Vaccine Fridge', siteId: 'site-1', monitoringType: 'vaccine', channels: [{ channel: 1, sensorType: 'probe' as const }, { channel: 2, sensorType: 'contact' as const }] };
    // 22 h at 5 °C then 2 h at 12 °C: MKT 5.87 °C (issue 13 section 3).
    const readings = [...Array.from({ length: 22 }, (_, hour) => ({ time: hour * HOUR, channels: { '1': 5, '2': 0 } })),
      ...Array.from({ length: 2 }, (_, hour) => ({ time: (22 + hour) * HOUR, channels: { '1': 12 } }))];
    const [row, ...others] = sensorInsightsOf(sensor, profile, readings, { from: 0, to: 24 * HOUR, maxHoldMs: HOUR });
    expect(others).toEqual([]);
    expect(row).toMatchObject({ sensorId: 'S-1', channel: '1', measurement: 'temperature', limits: { min: 2, max: 8 }, min: 5, max: 12, readings: 24 });
    expect(row?.timeInRangePercent).toBeCloseTo((22 / 24) * 100, 6);
    expect(row?.mean).toBeCloseTo((22 * 5 + 2 * 12) / 24, 6);
    expect(row?.meanKinetic).toBeCloseTo(5.87, 2);
  });

  it('gives no time in range and no mean kinetic temperature where the profile sets no limits and the sensor is no vaccine fridge', () => {
    const sensor = { id: 'S-2', name: 'Cooler', siteId: 'site-1', channels: [{ channel: 1, sensorType: 'humidity' as const }] };
    const [row] = sensorInsightsOf(sensor, undefined, [{ time: 0, channels: { '1': 40 } }], { from: 0, to: HOUR, maxHoldMs: HOUR });
    expect(row).toMatchObject({ measurement: 'humidity', limits: null, timeInRangePercent: null, mean: 40 });
    expect(row?.meanKinetic).toBeUndefined();
    expect(sensorInsightsOf(sensor, undefined, [], { from: 0, to: HOUR, maxHoldMs: HOUR })).toEqual([]);
  });
});
