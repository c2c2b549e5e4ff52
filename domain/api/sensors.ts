import { historyEntrySchema } from '../core/readable-changes';
import { calibrationCertificateSchema, calibrationInputSchema, calibrationListSchema, calibrationSchema } from '../devices/calibration';
import { equipmentInputSchema, equipmentSchema } from '../devices/equipment';
import { quickRegisterInputSchema, quickRegisterResultSchema, sensorDisableInputSchema, sensorEnableInputSchema, sensorInputSchema, sensorSchema, sensorStatusInputSchema } from '../devices/sensor';
import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '../identity/roles';
import { contract, PDF_UPLOAD_BODY_BYTES } from './contract';

/** The contracts of lambdas/sensors/routes.ts (docs/adding-a-route.md). */
export const SENSOR_ROUTES = {
  list: contract({
    method: 'GET', path: '/sensors', roles: ORGANISATION_READERS, summary: 'The sensors I reach with their live state, by id (limit up to 1000); siteId, locationId, gatewayId, status narrow it', response: sensorSchema, paginated: true,
  }),
  getInactive: contract({
    method: 'GET', path: '/sensors/inactive', roles: ORGANISATION_READERS, summary: 'Inactive sensors I reach (status Inactive, or disabled)', response: sensorSchema, paginated: true,
  }),
  create: contract({
    method: 'POST', path: '/sensors', roles: ORGANISATION_WRITERS, summary: "Add a sensor (409 'Sensor already added!' or 'Sensor already added to another site!' for a known id)", body: sensorInputSchema, response: sensorSchema,
  }),
  postQuickregister: contract({
    method: 'POST', path: '/sensors/quickregister', roles: ORGANISATION_WRITERS, summary: 'Register up to 200 sensors from a pasted or scanned list onto a site, location and gateway; a result per line', body: quickRegisterInputSchema, response: quickRegisterResultSchema,
  }),
  get: contract({
    method: 'GET', path: '/sensors/{id}', roles: ORGANISATION_READERS, summary: 'A sensor, with its live state', response: sensorSchema,
  }),
  update: contract({
    method: 'PUT', path: '/sensors/{id}', roles: ORGANISATION_WRITERS, summary: 'Update a sensor (its id stays)', body: sensorInputSchema, response: sensorSchema,
  }),
  remove: contract({
    method: 'DELETE', path: '/sensors/{id}', roles: ORGANISATION_WRITERS, summary: 'Delete a sensor (409 naming it while it has notes: message, sensorName, noteCount); its live state, calibrations, equipment and files go with it, its readings expire',
  }),
  putStatus: contract({
    method: 'PUT', path: '/sensors/{id}/status', roles: ORGANISATION_WRITERS, summary: 'Set the device status: active, inactive or inTransit', body: sensorStatusInputSchema, response: sensorSchema,
  }),
  postDisable: contract({
    method: 'POST', path: '/sensors/{id}/disable', roles: ORGANISATION_WRITERS, summary: 'Disable a sensor now, or at disableAt (within one hour); enableOn schedules it back on', body: sensorDisableInputSchema, response: sensorSchema,
  }),
  postEnable: contract({
    method: 'POST', path: '/sensors/{id}/enable', roles: ORGANISATION_WRITERS, summary: 'Enable a sensor now, or at enableAt (within one hour)', body: sensorEnableInputSchema, response: sensorSchema,
  }),
  deleteScheduledchangesById: contract({
    method: 'DELETE', path: '/sensors/{id}/scheduledchanges/{changeId}', roles: ORGANISATION_WRITERS, summary: 'Cancel a scheduled disable or enable', response: sensorSchema,
  }),
  getHistory: contract({
    method: 'GET', path: '/sensors/{id}/history', roles: ORGANISATION_READERS, summary: "A sensor's audit trail, newest first", response: historyEntrySchema, paginated: true,
  }),
  getCalibrations: contract({
    method: 'GET', path: '/sensors/{id}/calibrations', roles: ORGANISATION_READERS, summary: "A sensor's calibration certificates, latest issue first", response: calibrationListSchema,
  }),
  postCalibrations: contract({
    method: 'POST', path: '/sensors/{id}/calibrations', roles: ORGANISATION_WRITERS, summary: 'Add a calibration: issue date, renewal after it, the certificate PDF (base64, at most 2 MB)', body: calibrationInputSchema, maxBodyBytes: PDF_UPLOAD_BODY_BYTES, response: calibrationSchema,
  }),
  deleteCalibrationsById: contract({
    method: 'DELETE', path: '/sensors/{id}/calibrations/{calibrationId}', roles: ORGANISATION_WRITERS, summary: 'Delete a calibration and its certificate',
  }),
  getCalibrationsCertificate: contract({
    method: 'GET', path: '/sensors/{id}/calibrations/{calibrationId}/certificate', roles: ORGANISATION_READERS, summary: "A calibration's certificate PDF (base64)", response: calibrationCertificateSchema,
  }),
  getEquipment: contract({
    method: 'GET', path: '/sensors/{id}/equipment', roles: ORGANISATION_READERS, summary: 'The equipment a sensor watches: type, make, model, refrigerant', response: equipmentSchema,
  }),
  putEquipment: contract({
    method: 'PUT', path: '/sensors/{id}/equipment', roles: ORGANISATION_WRITERS, summary: 'Save the equipment a sensor watches', body: equipmentInputSchema, response: equipmentSchema,
  }),
} as const;
