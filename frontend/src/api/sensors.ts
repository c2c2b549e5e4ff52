import useSWR, { type SWRResponse } from 'swr';
import type { Calibration, CalibrationCertificate, CalibrationInput } from '@domain/devices/calibration';
import type { DataLoggingProfile } from '@domain/devices/data-logging-profile';
import type { Equipment, EquipmentInput } from '@domain/devices/equipment';
import type { Gateway } from '@domain/devices/gateway';
import {
  type DeviceStatus,
  type Sensor,
  type SensorDisableInput,
  type SensorEnableInput,
  type SensorInput,
} from '@domain/devices/sensor';
import { GATEWAY_ROUTES } from '@domain/api/gateways';
import { SENSOR_ROUTES } from '@domain/api/sensors';
import { call, pages } from './client';
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
  const contract = scope.list === 'inactive' ? SENSOR_ROUTES.getInactive : SENSOR_ROUTES.list;
  return fetchAllPages(pages(contract, { filters: { locationId: scope.locationId, siteId: scope.siteId } }), onPage);
}

/**
 * The sensors the user reaches, live state included: the first page at once, the rest as it
 * comes; refreshed every minute, as the live state changes.
 */
export function useSensors(scope: SensorScope): PagedList<Sensor> {
  return usePagedList(sensorsKey(scope), (onPage) => listSensors(scope, onPage), { refreshInterval: 60_000 });
}

export const sensorKey = (id: string) => ['sensor', id] as const;

export function useSensor(id: string): SWRResponse<Sensor, ApiError> {
  return useSWR<Sensor, ApiError, readonly [string, string]>(sensorKey(id), () => call(SENSOR_ROUTES.get, { params: { id } }), { refreshInterval: 60_000 });
}

export function createSensor(input: SensorInput): Promise<Sensor> {
  return call(SENSOR_ROUTES.create, { body: input });
}

export function updateSensor(id: string, input: SensorInput): Promise<Sensor> {
  return call(SENSOR_ROUTES.update, { params: { id }, body: input });
}

export async function deleteSensor(id: string): Promise<void> {
  await call(SENSOR_ROUTES.remove, { params: { id } });
}

/** Disable now, or at a scheduled time (SPEC section 4: effective within one hour). */
export function disableSensor(id: string, input: SensorDisableInput): Promise<Sensor> {
  return call(SENSOR_ROUTES.postDisable, { params: { id }, body: input });
}

export function enableSensor(id: string, input: SensorEnableInput = {}): Promise<Sensor> {
  return call(SENSOR_ROUTES.postEnable, { params: { id }, body: input });
}

// Calibrations (SPEC sections 3, 5): issue date, renewal after it, a PDF certificate of at most 2 MB.

export const calibrationsKey = (sensorId: string) => ['sensor-calibrations', sensorId] as const;

export function useCalibrations(sensorId: string): SWRResponse<Calibration[], ApiError> {
  return useSWR<Calibration[], ApiError, readonly [string, string]>(calibrationsKey(sensorId), async () =>
    (await call(SENSOR_ROUTES.getCalibrations, { params: { id: sensorId } })).items);
}

export function addCalibration(sensorId: string, input: CalibrationInput): Promise<Calibration> {
  return call(SENSOR_ROUTES.postCalibrations, { params: { id: sensorId }, body: input });
}

export async function deleteCalibration(sensorId: string, calibrationId: string): Promise<void> {
  await call(SENSOR_ROUTES.deleteCalibrationsById, { params: { id: sensorId, calibrationId } });
}

export function downloadCertificate(sensorId: string, calibrationId: string): Promise<CalibrationCertificate> {
  return call(SENSOR_ROUTES.getCalibrationsCertificate, { params: { id: sensorId, calibrationId } });
}

// Equipment (SPEC section 3: type, make, model, refrigerant).

export const equipmentKey = (sensorId: string) => ['sensor-equipment', sensorId] as const;

export function useEquipment(sensorId: string): SWRResponse<Equipment, ApiError> {
  return useSWR<Equipment, ApiError, readonly [string, string]>(equipmentKey(sensorId), () => call(SENSOR_ROUTES.getEquipment, { params: { id: sensorId } }));
}

export function saveEquipment(sensorId: string, input: EquipmentInput): Promise<Equipment> {
  return call(SENSOR_ROUTES.putEquipment, { params: { id: sensorId }, body: input });
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
    ([, site]) => fetchAllPages(pages(GATEWAY_ROUTES.list, { filters: { siteId: site } })),
  );
}

/** Every active gateway the user reaches, for naming a sensor's gateway in lists. */
export function useGatewayNames(): SWRResponse<Map<string, string>, ApiError> {
  return useSWR<Map<string, string>, ApiError, string>('gateways/names', async () =>
    new Map((await fetchAllPages(pages(GATEWAY_ROUTES.list))).map((gateway) => [gateway.id, gateway.name])));
}

/** Cancels a scheduled disable or enable. */
export function cancelScheduledChange(id: string, changeId: string): Promise<Sensor> {
  return call(SENSOR_ROUTES.deleteScheduledchangesById, { params: { id, changeId } });
}

/** Sets the device status (Active, Inactive, In transit). */
export function setSensorStatus(id: string, deviceStatus: DeviceStatus): Promise<Sensor> {
  return call(SENSOR_ROUTES.putStatus, { params: { id }, body: { deviceStatus } });
}
