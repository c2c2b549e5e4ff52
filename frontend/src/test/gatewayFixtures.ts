import type { AlarmProfile } from '@domain/alarms/alarm-profile';
import type { Gateway } from '@domain/devices/gateway';
import type { NotificationGroup } from '@domain/notifications/notification-group';

const at = '2026-01-15T10:00:00.000Z';

/** A gateway as the API returns it, for component tests. */
export function gatewayFixture(id: string, name: string, extra: Partial<Gateway> = {}): Gateway {
  return {
    id,
    name,
    model: 'GW-LR8',
    macId: '00:1A:2B:3C:4D:5E',
    eui: id,
    locationIds: ['l-1'],
    siteId: 's-1',
    notes: '',
    imageFileIds: [],
    isActive: true,
    status: 'Active',
    sensorCount: 0,
    noteCount: 0,
    state: { online: true, lastCommunicated: at, signal: -71, firmware: '2.4.1' },
    createdAt: at,
    updatedAt: at,
    createdBy: 'admin@x.example',
    updatedBy: 'admin@x.example',
    version: 1,
    ...extra,
  };
}

/** The navbar: one location with two sites, another with one. */
export const navbarFixture = {
  locations: [
    { id: 'l-1', name: 'Head Office', displayName: 'Head Office', sites: [{ id: 's-1', name: 'Main Kitchen' }, { id: 's-2', name: 'Bakery' }] },
    { id: 'l-2', name: 'Depot', displayName: 'Depot', sites: [{ id: 's-3', name: 'Cold Store' }] },
  ],
};

/** The organisation's alarm profiles, as the gateway form offers them. */
export const alarmProfilesFixture: { items: AlarmProfile[] } = {
  items: [{
    id: 'ap-9', name: 'Gateway offline', description: 'Gateways that stop reporting', types: ['inactivity'], alarmDelayMinutes: 10, notificationDelayMinutes: 0,
    snoozeIntervalMinutes: 30, snoozeLimit: 3, measurement: 'temperature', unit: 'C', processBased: false, schedule: { kind: 'always' },
    sensorCount: 0, gatewayCount: 0, createdAt: at, updatedAt: at, createdBy: 'a', updatedBy: 'a', version: 1,
  }],
};

/** The organisation's notification groups, as the gateway's page names them. */
export const notificationGroupsFixture: { items: NotificationGroup[] } = {
  items: [{
    id: 'ng-1', name: 'Kitchen on call', description: 'The kitchen team', groupType: 'sensor', isDefault: true, locationId: 'l-1', siteIds: ['s-1'],
    schedules: [{ name: 'Always', days: ['monday'], start: '00:00', end: '23:59', users: [{ accountId: 'a-1', level: 1, delayMinutes: 0, channels: ['email'] }] }],
    sensorCount: 0, gatewayCount: 1, createdAt: at, updatedAt: at, createdBy: 'a', updatedBy: 'a', version: 1,
  }],
};
