import useSWR, { type SWRResponse } from 'swr';
import {
  calibrationCertificateSchema,
  calibrationListSchema,
  calibrationSchema,
  type Calibration,
  type CalibrationCertificate,
  type CalibrationInput,
} from '@domain/devices/calibration';
import type { DataLoggingProfile } from '@domain/devices/data-logging-profile';
import { equipmentSchema, type Equipment, type EquipmentInput } from '@domain/devices/equipment';
import { gatewayPageSchema, type Gateway } from '@domain/devices/gateway';
import {
  sensorPageSchema,
  sensorSchema,
  type DeviceStatus,
  type Sensor,
  type SensorDisableInput,
  type SensorEnableInput,
  type SensorInput,
} from '@domain/devices/sensor';
import { apiFetch, apiFetchAs } from './apiFetch';
import type { ApiError } from './ApiError';
import { useDataLoggingProfiles } from './dataLoggingProfiles';
import { fetchAllPages, usePagedList, type PagedList, type PageProgress } from './pagedList';

/** Which sensors a list shows: the active list or the inactive one, of a location or one of its sites. */
export interface SensorScope {
  list: 'active' | 'inactive';
  locationId?: string | undefined;
  siteId?: string | undefined;
}

/** Every SWR key of the sensor lists starts with this, so one mutate refreshes them all. */
export const SENSORS_KEY = 'sensors';

export function sensorsKey(scope: SensorScope): readonly [string, string, string, string] {
  return [SENSORS_KEY, scope.list, scope.locationId ?? '', scope.siteId ?? ''];
}

/** Whether an SWR key is one of the sensor lists (for `mutate(isSensorListKey)`). */
export function isSensorListKey(key: unknown): boolean {
  return Array.isArray(key) && key[0] === SENSORS_KEY;
}

export function listSensors(scope: SensorScope, onPage?: PageProgress<Sensor>): Promise<Sensor[]> {
  const path = scope.list === 'inactive' ? '/sensors/inactive' : '/sensors';
  return fetchAllPages({ schema: sensorPageSchema, path, filters: { locationId: scope.locationId, siteId: scope.siteId } }, onPage);
}

/**
 * The sensors the user reaches, live state included: the first page at once, the rest as it
 * comes; refreshed every minute, as the live state changes.
 */
export function useSensors(scope: SensorScope): PagedList<Sensor> {
  return usePagedList(sensorsKey(scope), (onPage) => listSensors(scope, onPage), { refreshInterval: 60_000 });
}

const sensorPath = (id: string) => `/sensors/${encodeURIComponent(id)}`;

export const sensorKey = (id: string) => ['sensor', id] as const;

export function useSensor(id: string): SWRResponse<Sensor, ApiError> {
  return useSWR<Sensor, ApiError, readonly [string, string]>(sensorKey(id), () => apiFetchAs(sensorSchema, sensorPath(id)), { refreshInterval: 60_000 });
}

export function createSensor(input: SensorInput): Promise<Sensor> {
  return apiFetchAs(sensorSchema, '/sensors', { method: 'POST', body: input });
}

export function updateSensor(id: string, input: SensorInput): Promise<Sensor> {
  return apiFetchAs(sensorSchema, sensorPath(id), { method: 'PUT', body: input });
}

export async function deleteSensor(id: string): Promise<void> {
  await apiFetch(sensorPath(id), { method: 'DELETE' });
}

/** Disable now, or at a scheduled time (SPEC section 4: effective within one hour). */
export function disableSensor(id: string, input: SensorDisableInput): Promise<Sensor> {
  return apiFetchAs(sensorSchema, `${sensorPath(id)}/disable`, { method: 'POST', body: input });
}

export function enableSensor(id: string, input: SensorEnableInput = {}): Promise<Sensor> {
  return apiFetchAs(sensorSchema, `${sensorPath(id)}/enable`, { method: 'POST', body: input });
}

// Calibrations (SPEC sections 3, 5): issue date, renewal after it, a PDF certificate of at most 2 MB.

export const calibrationsKey = (sensorId: string) => ['sensor-calibrations', sensorId] as const;

export function useCalibrations(sensorId: string): SWRResponse<Calibration[], ApiError> {
  return useSWR<Calibration[], ApiError, readonly [string, string]>(calibrationsKey(sensorId), async () =>
    (await apiFetchAs(calibrationListSchema, `${sensorPath(sensorId)}/calibrations`)).items);
}

export function addCalibration(sensorId: string, input: CalibrationInput): Promise<Calibration> {
  return apiFetchAs(calibrationSchema, `${sensorPath(sensorId)}/calibrations`, { method: 'POST', body: input });
}

export async function deleteCalibration(sensorId: string, calibrationId: string): Promise<void> {
  await apiFetch(`${sensorPath(sensorId)}/calibrations/${encodeURIComponent(calibrationId)}`, { method: 'DELETE' });
}

export function downloadCertificate(sensorId: string, calibrationId: string): Promise<CalibrationCertificate> {
  return apiFetchAs(calibrationCertificateSchema, `${sensorPath(sensorId)}/calibrations/${encodeURIComponent(calibrationId)}/certificate`);
}

// Equipment (SPEC section 3: type, make, model, refrigerant).

export const equipmentKey = (sensorId: string) => ['sensor-equipment', sensorId] as const;

export function useEquipment(sensorId: string): SWRResponse<Equipment, ApiError> {
  return useSWR<Equipment, ApiError, readonly [string, string]>(equipmentKey(sensorId), () => apiFetchAs(equipmentSchema, `${sensorPath(sensorId)}/equipment`));
}

export function saveEquipment(sensorId: string, input: EquipmentInput): Promise<Equipment> {
  return apiFetchAs(equipmentSchema, `${sensorPath(sensorId)}/equipment`, { method: 'PUT', body: input });
}

// What the sensor form offers: the organisation's data logging profiles and a site's gateways.

/** The same list (and cache) as the Data Logging profiles screen, so a profile added there is offered here at once. */
export function useDataLoggingProfileChoices(): SWRResponse<DataLoggingProfile[], ApiError> {
  return useDataLoggingProfiles();
}

/** The active gateways of a site (none asked for until a site is chosen). */
export function useSiteGateways(siteId: string | undefined): SWRResponse<Gateway[], ApiError> {
  return useSWR<Gateway[], ApiError, readonly [string, string] | null>(
    siteId === undefined || siteId === '' ? null : ['gateways/of-site', siteId],
    ([, site]) => fetchAllPages({ schema: gatewayPageSchema, path: '/gateways', filters: { siteId: site } }),
  );
}

/** Every active gateway the user reaches, for naming a sensor's gateway in lists. */
export function useGatewayNames(): SWRResponse<Map<string, string>, ApiError> {
  return useSWR<Map<string, string>, ApiError, string>('gateways/names', async () =>
    new Map((await fetchAllPages({ schema: gatewayPageSchema, path: '/gateways' })).map((gateway) => [gateway.id, gateway.name])));
}

/** Cancels a scheduled disable or enable. */
export function cancelScheduledChange(id: string, changeId: string): Promise<Sensor> {
  return apiFetchAs(sensorSchema, `${sensorPath(id)}/scheduledchanges/${encodeURIComponent(changeId)}`, { method: 'DELETE' });
}

/** Sets the device status (Active, Inactive, In transit). */
export function setSensorStatus(id: string, deviceStatus: DeviceStatus): Promise<Sensor> {
  return apiFetchAs(sensorSchema, `${sensorPath(id)}/status`, { method: 'PUT', body: { deviceStatus } });
}
