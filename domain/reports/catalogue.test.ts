import { describe, expect, expectTypeOf, it } from 'vitest';
import { MESSAGES } from '../core/messages';
import { REPORT_CATALOGUE, REPORT_IDS, parseReportParameters, type ReportId, type ReportParameters } from './catalogue';
import { REPORT_MESSAGES } from './messages';
import { REPORT_COLUMN_LABELS, REPORT_SECTION_LABELS } from './labels';
import { REPORT_NAMES } from './names';
import { addMonths, areConsecutiveHours, isEmailedRange, rangeDays } from './parameters';

const SENSORS = { locationId: 'loc-1', siteIds: ['site-1'], sensorIds: ['sensor-1'], from: '2026-03-01', to: '2026-03-07' };
const VACCINE = { ...SENSORS, min: 2, max: 8 };

function messageOf(id: ReportId, input: unknown): string | undefined {
  const result = parseReportParameters(id, input);
  return result.ok ? undefined : result.message;
}

describe('the report catalogue', () => {
  it('has the thirteen reports of SPEC section 2, each named in en, fr and es', () => {
    expect(REPORT_IDS).toEqual([
      'temperatureLog', 'checklistReport', 'checklistPerformance', 'portalAudit', 'sensorHealthSummary', 'sensorSignal', 'vaccine',
      'sensorQa', 'alertsByDay', 'sensorDetails', 'sensorAudit', 'exceptionSummary', 'reportHistory',
    ]);
    for (const id of REPORT_IDS) {
      expect(REPORT_CATALOGUE[id].nameKey).toBe(`reports.names.${id}`);
      expect(Object.keys(REPORT_NAMES[id]).sort()).toEqual(['en', 'es', 'fr']);
      expect(REPORT_CATALOGUE[id].formats).toEqual(['pdf', 'csv', 'screen']);
      expect(REPORT_CATALOGUE[id].sections.length).toBeGreaterThan(0);
    }
  });

  it('titles every section and heads every column in en, fr and es', () => {
    for (const id of REPORT_IDS) {
      for (const section of REPORT_CATALOGUE[id].sections) {
        expect(Object.keys(REPORT_SECTION_LABELS[section.id] ?? {}).sort(), `${id}.${section.id}`).toEqual(['en', 'es', 'fr']);
        for (const column of section.columns) {
          expect(Object.keys(REPORT_COLUMN_LABELS[column.id] ?? {}).sort(), `${id}.${section.id}.${column.id}`).toEqual(['en', 'es', 'fr']);
        }
      }
    }
  });

  it('asks corporate access for the organisation-wide report only (the Portal Audit), HACCP access for the checklists', () => {
    expect(REPORT_IDS.filter((id) => REPORT_CATALOGUE[id].access.corporateAccess)).toEqual(['portalAudit']);
    expect(REPORT_IDS.filter((id) => REPORT_CATALOGUE[id].access.haccp)).toEqual(['checklistReport', 'checklistPerformance']);
    expect(REPORT_CATALOGUE.portalAudit.access.roles).toEqual(['admin']);
    expect(REPORT_CATALOGUE.temperatureLog.access.roles).toEqual(['admin', 'basicuser']);
  });

  it('marks the runs SPEC section 7 audits: the summary reports and the vaccine report', () => {
    expect(REPORT_IDS.filter((id) => REPORT_CATALOGUE[id].audited)).toEqual(['sensorHealthSummary', 'vaccine', 'exceptionSummary']);
  });
});

describe('report parameters (SPEC section 5 "Reports")', () => {
  it('take a complete Temperature Log with the defaults of section 9', () => {
    const result = parseReportParameters('temperatureLog', SENSORS);
    expect(result).toEqual({ ok: true, parameters: { ...SENSORS, dataPoints: 'hourly', timeline: 'allDay', operation: 'average', imagePreference: 'thumbnail', dateFormat: 'MM/DD/YYYY' } });
  });

  it.each([
    ['locationId', MESSAGES.notificationGroupLocationRequired],
    ['siteIds', MESSAGES.siteSelectionRequired],
    ['sensorIds', REPORT_MESSAGES.reportSensorsRequired],
    ['from', REPORT_MESSAGES.reportStartDateRequired],
    ['to', REPORT_MESSAGES.reportEndDateRequired],
  ])('require %s: "%s"', (field, message) => {
    expect(messageOf('temperatureLog', { ...SENSORS, [field]: undefined })).toBe(message);
    // A blank answer from a form is as missing as none.
    expect(messageOf('temperatureLog', { ...SENSORS, [field]: field.endsWith('Ids') ? [] : '' })).toBe(message);
  });

  it('require the one sensor of a Sensor Audit', () => {
    expect(messageOf('sensorAudit', { locationId: 'loc-1', from: '2026-03-01', to: '2026-03-02' })).toBe(REPORT_MESSAGES.reportSensorRequired);
  });

  it('refuse a day that is not one, and an end before the start', () => {
    expect(messageOf('temperatureLog', { ...SENSORS, from: '2026-02-30' })).toBe(MESSAGES.dateInvalid);
    expect(messageOf('temperatureLog', { ...SENSORS, from: '2026-03-08' })).toBe(REPORT_MESSAGES.reportEndBeforeStart);
  });

  it('refuse a Portal Audit over 31 days (both days counted)', () => {
    expect(messageOf('portalAudit', { from: '2026-01-01', to: '2026-01-31' })).toBeUndefined();
    expect(messageOf('portalAudit', { from: '2026-01-01', to: '2026-02-01' })).toBe(MESSAGES.portalAuditRangeTooLong);
    expect(REPORT_CATALOGUE.portalAudit.defaultRange).toEqual({ days: 7, message: REPORT_MESSAGES.portalAuditSevenDays });
  });

  it('refuse a Sensor Audit over 2 months', () => {
    const audit = { locationId: 'loc-1', sensorId: 'sensor-1' };
    expect(messageOf('sensorAudit', { ...audit, from: '2026-01-15', to: '2026-03-14' })).toBeUndefined();
    expect(messageOf('sensorAudit', { ...audit, from: '2026-01-15', to: '2026-03-15' })).toBe(REPORT_MESSAGES.sensorAuditRangeTooLong);
    // From the 31st of December, 2 months end on the last day of February.
    expect(messageOf('sensorAudit', { ...audit, from: '2025-12-31', to: '2026-02-27' })).toBeUndefined();
    expect(messageOf('sensorAudit', { ...audit, from: '2025-12-31', to: '2026-02-28' })).toBe(REPORT_MESSAGES.sensorAuditRangeTooLong);
  });

  it('take a Checklist Report over 7 days, to be emailed with the spec\'s message', () => {
    const checklist = { locationId: 'loc-1', siteIds: ['site-1'], from: '2026-03-01', to: '2026-03-08' };
    expect(messageOf('checklistReport', checklist)).toBeUndefined();
    const limit = REPORT_CATALOGUE.checklistReport.rangeLimit;
    expect(limit).toEqual({ kind: 'emailed', days: 7, message: REPORT_MESSAGES.reportEmailed });
    expect(isEmailedRange('2026-03-01', '2026-03-07', limit)).toBe(false);
    expect(isEmailedRange('2026-03-01', '2026-03-08', limit)).toBe(true);
  });

  it('take reading hours only when consecutive, round midnight too', () => {
    expect(messageOf('temperatureLog', { ...SENSORS, readingHours: [8, 9, 10] })).toBeUndefined();
    expect(messageOf('temperatureLog', { ...SENSORS, readingHours: [23, 0, 1] })).toBeUndefined();
    expect(messageOf('temperatureLog', { ...SENSORS, readingHours: [8, 10] })).toBe(REPORT_MESSAGES.readingHoursConsecutive);
    expect(messageOf('temperatureLog', { ...SENSORS, readingHours: [8, 8, 9] })).toBe(REPORT_MESSAGES.readingHoursConsecutive);
    expect(messageOf('temperatureLog', { ...SENSORS, readingHours: [24] })).toBe(REPORT_MESSAGES.readingHoursInvalid);
    expect(areConsecutiveHours(Array.from({ length: 24 }, (_, hour) => hour))).toBe(true);
    expect(areConsecutiveHours([1, 2, 5, 6])).toBe(false);
  });

  it('require the vaccine limits, different, the maximum greater', () => {
    expect(messageOf('vaccine', VACCINE)).toBeUndefined();
    expect(messageOf('vaccine', { ...VACCINE, min: undefined })).toBe(REPORT_MESSAGES.vaccineMinRequired);
    expect(messageOf('vaccine', { ...VACCINE, max: '' })).toBe(REPORT_MESSAGES.vaccineMaxRequired);
    expect(messageOf('vaccine', { ...VACCINE, max: 'warm' })).toBe(REPORT_MESSAGES.vaccineMaxRequired);
    expect(messageOf('vaccine', { ...VACCINE, min: 5, max: 5 })).toBe(REPORT_MESSAGES.vaccineMinMaxDifferent);
    expect(messageOf('vaccine', { ...VACCINE, min: 8, max: 2 })).toBe(REPORT_MESSAGES.vaccineMaxGreater);
    expect(parseReportParameters('vaccine', { ...VACCINE, min: '-50', max: '-15' })).toMatchObject({ ok: true, parameters: { min: -50, max: -15 } });
  });

  it('are typed per report', () => {
    expectTypeOf<ReportParameters<'vaccine'>['min']>().toEqualTypeOf<number>();
    expectTypeOf<ReportParameters<'temperatureLog'>['dataPoints']>().toEqualTypeOf<'all' | 'hourly' | 'every15Minutes' | 'every5Minutes'>();
    expectTypeOf<ReportParameters<'sensorAudit'>['sensorId']>().toEqualTypeOf<string>();
  });

  it('take a duration of at least 1', () => {
    expect(parseReportParameters('vaccine', VACCINE)).toMatchObject({ ok: true, parameters: { durationMinutes: 1 } });
    expect(messageOf('vaccine', { ...VACCINE, durationMinutes: 0 })).toBe(REPORT_MESSAGES.durationMin1);
    expect(messageOf('vaccine', { ...VACCINE, durationMinutes: '1.5' })).toBe(REPORT_MESSAGES.durationMin1);
    expect(messageOf('vaccine', { ...VACCINE, durationMinutes: '30' })).toBeUndefined();
  });

  it.each([
    ['dataPoints', ['all', 'hourly', 'every15Minutes', 'every5Minutes'], REPORT_MESSAGES.dataPointsInvalid],
    ['timeline', ['allDay', 'workingHours'], REPORT_MESSAGES.timelineInvalid],
    ['operation', ['average', 'minimum', 'maximum'], REPORT_MESSAGES.operationInvalid],
    ['imagePreference', ['none', 'thumbnail', 'enlarged'], REPORT_MESSAGES.imagePreferenceInvalid],
    ['dateFormat', ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD'], REPORT_MESSAGES.dateFormatInvalid],
  ])('take the %s of section 9 and nothing else', (field, choices, message) => {
    for (const choice of choices) expect(messageOf('temperatureLog', { ...SENSORS, [field]: choice })).toBeUndefined();
    expect(messageOf('temperatureLog', { ...SENSORS, [field]: 'sometimes' })).toBe(message);
  });
});

describe('report ranges', () => {
  it('count both days', () => {
    expect(rangeDays('2026-03-01', '2026-03-01')).toBe(1);
    // The daylight-saving change in Europe (2026-03-29) does not change the count of days.
    expect(rangeDays('2026-03-28', '2026-03-30')).toBe(3);
  });

  it('add calendar months, a 31st ending on a shorter month\'s last day', () => {
    expect(addMonths('2026-01-15', 2)).toBe('2026-03-15');
    expect(addMonths('2025-12-31', 2)).toBe('2026-02-28');
    expect(addMonths('2027-12-31', 2)).toBe('2028-02-29');
  });
});
