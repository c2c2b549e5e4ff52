import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../core/readable-changes';
import type { ReportPerson } from './audit-changes';
import { REPORT_CATALOGUE } from './catalogue';
import { buildSensorAudit, sensorAuditWindow, type SensorAuditInput } from './sensor-audit';

/**
 * One sensor's history around 29 March 2026 in Paris (the clocks go forward: the day runs from
 * 2026-03-28T23:00Z to 2026-03-29T22:00Z):
 * - 22:30Z on the 28th (23:30 local, the day before): out of the range;
 * - 23:30Z on the 28th (00:30 local): the simulator registers the sensor (a create, by the system);
 * - 10:00Z Ana moves it to another site and adds a notification group (an update with two
 *   fields, names resolved), under a proxy session;
 * - 12:00Z Bob (not among the listed people) schedules a disable for the next morning (an
 *   instant inside a value: written in Paris time, in the chosen format);
 * - 22:00Z (local midnight of the 30th): out of the range.
 */
const PARIS = 'Europe/Paris';
const ANA: ReportPerson = { accountId: 'acc-ana', email: 'ana@example.com', name: 'Ana Lima' };
const actor = (userId: string, email: string) => ({ userId, email, role: 'admin' });

const before: HistoryEntry = { id: 'h0', at: '2026-03-28T22:30:00.000Z', actor: actor('sub-ana', 'ana@example.com'), action: 'update', changes: [{ field: 'name', before: 'A', after: 'B' }] };
const registered: HistoryEntry = {
  id: 'h1', at: '2026-03-28T23:30:00.000Z', actor: actor('simulator', 'simulator'), action: 'create',
  changes: [{ field: 'name', after: 'Vaccine fridge 1' }, { field: 'disabled', after: false }, { field: 'createdAt', after: '2026-03-28T23:30:00.000Z' }],
};
const moved: HistoryEntry = {
  id: 'h2', at: '2026-03-29T10:00:00.000Z', actor: actor('sub-ana', 'ana@example.com'), action: 'update',
  changes: [
    { field: 'notificationGroupIds', before: ['g-1'], after: ['g-1', 'g-2'] },
    { field: 'siteId', before: 's-1', after: 's-2' },
  ],
  names: { 'site:s-1': 'Kitchen', 'site:s-2': 'Pharmacy', 'notificationGroup:g-1': 'Day shift', 'notificationGroup:g-2': 'Night shift' },
  proxy: { actorEmail: 'helpdesk@coldchain.example', sessionId: 'ps-1' },
};
const scheduled: HistoryEntry = {
  id: 'h3', at: '2026-03-29T12:00:00.000Z', actor: actor('sub-bob', 'bob@example.com'), action: 'update',
  changes: [{ field: 'scheduledChanges', before: [], after: [{ id: 'c1', action: 'disable', at: '2026-03-30T06:00:00.000Z', reason: 'Service' }] }],
};
const after: HistoryEntry = { id: 'h4', at: '2026-03-29T22:00:00.000Z', actor: actor('sub-ana', 'ana@example.com'), action: 'update', changes: [{ field: 'name', before: 'B', after: 'C' }] };

function input(language: 'en' | 'es' = 'en'): SensorAuditInput {
  return {
    reader: { language, dateFormat: 'DD/MM/YYYY', timeZone: PARIS },
    parameters: { from: '2026-03-29', to: '2026-03-29' },
    entries: [after, registered, scheduled, before, moved],
    people: [ANA],
  };
}

describe('Sensor Audit figures (issue 34 section 2.11)', () => {
  it('covers the site\'s days of the range: 23 hours on the day the clocks go forward', () => {
    const window = sensorAuditWindow({ from: '2026-03-29', to: '2026-03-29' }, PARIS);
    expect(window).toEqual({ from: Date.parse('2026-03-28T23:00:00Z'), to: Date.parse('2026-03-29T22:00:00Z') });
    expect((window.to - window.from) / 3_600_000).toBe(23);
  });

  it('gives the range\'s changes, newest first, one row per field as the History tab reads them', () => {
    expect(buildSensorAudit(input()).changes).toEqual([
      { at: scheduled.at, who: 'bob@example.com', field: 'Scheduled changes', oldValue: null, newValue: 'Disable on 30/03/2026 08:00 (Service)', reason: null },
      // The form's order: site before notification groups; names for ids.
      { at: moved.at, who: 'Ana Lima', field: 'Site', oldValue: 'Kitchen', newValue: 'Pharmacy', reason: null },
      { at: moved.at, who: 'Ana Lima', field: 'Notification groups', oldValue: 'Day shift', newValue: 'Day shift, Night shift', reason: null },
      // A flag left off as the record was made is no change; the system is named as such.
      { at: registered.at, who: 'Device simulator', field: 'Name', oldValue: null, newValue: 'Vaccine fridge 1', reason: null },
    ]);
  });

  it('writes each row with exactly its section\'s columns, in order', () => {
    const columns = REPORT_CATALOGUE.sensorAudit.sections[0].columns.map((column) => column.id);
    const rows = buildSensorAudit(input()).changes;
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Object.keys(row)).toEqual(columns);
  });

  it('writes the reader\'s language and gives a disable\'s reason', () => {
    const disabled: HistoryEntry = {
      id: 'h5', at: '2026-03-29T15:00:00.000Z', actor: actor('sub-ana', 'ana@example.com'), action: 'update',
      changes: [{ field: 'disabled', before: false, after: true }, { field: 'disable', after: { reason: 'Descongelación' } }],
    };
    const rows = buildSensorAudit({ ...input('es'), entries: [disabled] }).changes;
    expect(rows.map((row) => [row.field, row.oldValue, row.newValue, row.reason])).toEqual([
      ['Desactivado', 'No', 'Sí', 'Descongelación'],
      ['Motivo de la desactivación', null, 'Descongelación', 'Descongelación'],
    ]);
  });
});
