import { describe, expect, it } from 'vitest';
import { REPORT_CATALOGUE } from './catalogue';
import { buildSensorDetails, type SensorDetailsInput, type SensorDetailsSensor } from './sensor-details';

/**
 * Two sensors of a pharmacy: a vaccine fridge fully set up (two channels on one data logging
 * profile, two notification groups, two calibrations given oldest first, equipment with an
 * "other" refrigerant, two notes), and a bare one whose department was deleted since (no name:
 * no cell, never its id) and whose model is not in the catalogue.
 */
const names: SensorDetailsInput['names'] = {
  'site:s-1': 'Pharmacy', 'location:l-1': 'North', 'department:d-1': 'Vaccines', 'division:v-1': 'Retail',
  'alarmProfile:ap-1': 'Vaccine 2-8 °C', 'dataLoggingProfile:dl-1': 'Every 5 minutes', 'dataLoggingProfile:dl-2': 'Hourly',
  'notificationGroup:g-1': 'Day shift', 'notificationGroup:g-2': 'Night shift',
};

const fridge: SensorDetailsSensor = {
  id: 'CT6-0001', name: 'Vaccine fridge 1', deviceModel: 'CT-600V', locationId: 'l-1', siteId: 's-1', departmentId: 'd-1', divisionId: 'v-1',
  alarmProfileId: 'ap-1', notificationGroupIds: ['g-2', 'g-1'],
  channels: [{ channel: 2, dataLoggingProfileId: 'dl-2' }, { channel: 1, dataLoggingProfileId: 'dl-1' }],
  calibrations: [
    { issueDate: '2025-01-10', renewalDate: '2026-01-10', certificateNumber: 'C-100', calibratedBy: 'Metrology Ltd' },
    { issueDate: '2026-01-08', certificateNumber: 'C-200' },
  ],
  equipment: { type: 'vaccineRefrigerator', make: 'Acme', model: 'VX-2', refrigerant: 'other' },
  noteNames: ['Door seal', 'Moved'],
};
const bare: SensorDetailsSensor = {
  id: 'XX-1', name: 'Spare probe', deviceModel: 'XX-999', siteId: 's-1', departmentId: 'd-gone', calibrations: [], equipment: {}, noteNames: [],
};

const input = (language: 'en' | 'fr' = 'en'): SensorDetailsInput => ({ language, dateFormat: 'MM/DD/YYYY', sensors: [fridge, bare], names });

describe('Sensor Details figures (issue 34 section 2.10)', () => {
  it('gives each sensor\'s configuration, names for ids, its certificates latest first, its equipment and notes', () => {
    expect(buildSensorDetails(input()).sensors).toEqual([
      {
        sensor: 'Vaccine fridge 1', sensorId: 'CT6-0001', model: 'ColdTrack CT-600V Vaccine (glycol probe + ambient)', site: 'Pharmacy', location: 'North',
        department: 'Vaccines', division: 'Retail', alarmProfile: 'Vaccine 2-8 °C',
        // Channel 1's profile first.
        dataLoggingProfile: 'Every 5 minutes, Hourly',
        notificationGroups: 'Night shift, Day shift',
        calibrationCertificates: 'Certificate number: C-200; Issue date: 01/08/2026 | Certificate number: C-100; Issue date: 01/10/2025; Renewal date: 01/10/2026; Calibrated by: Metrology Ltd',
        equipment: 'Equipment type: Vaccine refrigerator; Make: Acme; Model: VX-2; Refrigerant: Other',
        notes: 'Door seal; Moved',
      },
      {
        sensor: 'Spare probe', sensorId: 'XX-1', model: 'XX-999', site: 'Pharmacy', location: null, department: null, division: null, alarmProfile: null,
        dataLoggingProfile: null, notificationGroups: null, calibrationCertificates: null, equipment: null, notes: null,
      },
    ]);
  });

  it('writes each row with exactly its section\'s columns, in order', () => {
    const columns = REPORT_CATALOGUE.sensorDetails.sections[0].columns.map((column) => column.id);
    const rows = buildSensorDetails(input()).sensors;
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(Object.keys(row)).toEqual(columns);
  });

  it('writes the labels and choices in the reader\'s language', () => {
    const [row] = buildSensorDetails(input('fr')).sensors;
    expect(row?.equipment).toMatch(/^Type d'équipement: /);
    expect(row?.equipment).toContain('Autre');
  });
});
