import type { AlarmDeviceKind, AlarmType } from '@domain/alarms/alarm';

/**
 * The lists behind the widgets: the alarms page with the filter the figure counts (the
 * alarms API's own filter names), the sensors and gateways lists.
 */
export interface AlarmListFilter {
  status?: 'active' | 'history';
  type?: AlarmType;
  siteId?: string;
  deviceId?: string;
  deviceKind?: AlarmDeviceKind;
  userViewId?: string | null;
  from?: string;
  to?: string;
  minCount?: number;
}

export function alarmsLink(filter: AlarmListFilter): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) {
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return text === '' ? '/app/alarms' : `/app/alarms?${text}`;
}

export const SENSORS_LIST = '/app/sensors';
export const GATEWAYS_LIST = '/app/gateways';
export const sensorLink = (id: string) => `/app/sensors/${encodeURIComponent(id)}`;
export const alarmLink = (id: string) => `/app/alarms/${encodeURIComponent(id)}`;
export const CHECKLISTS_LIST = '/app/haccp/checklists';
