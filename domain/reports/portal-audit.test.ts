import { describe, expect, it } from 'vitest';
import { type ReportPerson } from './audit-changes';
import { REPORT_CATALOGUE } from './catalogue';
import { buildPortalAudit, type PortalAuditEntry, type PortalAuditInput } from './portal-audit';

/**
 * A known day of an organisation's trail (2026-12-02, UTC):
 * - 09:00 Ana renames a sensor and changes its alarm profile (an update with two fields; the
 *   profiles' names resolved as the history tabs resolve them);
 * - 10:00 Bob (not among the listed people: read by his email) creates a site;
 * - 11:00 a helpdesk user acting for the organisation as its administrator switches a gateway off
 *   (a proxy actor);
 * - 12:00 the alarm engine clears an alarm (a system change; a field no form labels, holding an
 *   instant: written in the report's zone, never raw, never "Other details");
 * - 13:00 the helpdesk user opens a proxy session (its own row, with its reason);
 * - 14:00 Ana disables a sensor, giving a reason.
 */
const ANA: ReportPerson = { accountId: 'acc-ana', email: 'ana@example.com', name: 'Ana Lima' };
const CARL: ReportPerson = { accountId: 'acc-carl', email: 'carl@example.com', name: 'Carl Ruiz' };
const actor = (userId: string, email: string) => ({ userId, email, role: 'admin' });

const rename: PortalAuditEntry = {
  id: 'e1', at: '2026-12-02T09:00:00.000Z', actor: actor('sub-ana', 'Ana@Example.com'), action: 'update',
  entityType: 'SENSOR', entityId: 'S-001', entityName: 'Fridge B',
  changes: [
    { field: 'updatedAt', before: '2026-12-01T00:00:00.000Z', after: '2026-12-02T09:00:00.000Z' },
    { field: 'alarmProfileId', before: 'ap-1', after: 'ap-2' },
    { field: 'name', before: 'Fridge A', after: 'Fridge B' },
  ],
  names: { 'alarmProfile:ap-1': 'Chilled', 'alarmProfile:ap-2': 'Frozen' },
};
const siteCreated: PortalAuditEntry = {
  id: 'e2', at: '2026-12-02T10:00:00.000Z', actor: actor('sub-bob', 'bob@example.com'), action: 'create',
  entityType: 'SITE', entityId: 'site-1', entityName: 'Kitchen',
  changes: [
    { field: 'createdAt', after: '2026-12-02T10:00:00.000Z' },
    { field: 'name', after: 'Kitchen' },
    { field: 'timezone', after: 'Europe/Paris' },
  ],
};
const gatewayOff: PortalAuditEntry = {
  id: 'e3', at: '2026-12-02T11:00:00.000Z', actor: actor('sub-carl', 'carl@example.com'), action: 'update',
  entityType: 'GATEWAY', entityId: 'GW-1', entityName: 'Back room gateway',
  changes: [{ field: 'isActive', before: true, after: false }],
  proxy: { actorEmail: 'helpdesk@coldchain.example', sessionId: 'ps-1' },
};
const alarmCleared: PortalAuditEntry = {
  id: 'e4', at: '2026-12-02T12:00:00.000Z', actor: actor('alarm-engine', 'alarm-engine'), action: 'update',
  entityType: 'ALARM', entityId: 'alarm-1', entityName: 'Fridge B',
  changes: [{ field: 'clearedAt', after: '2026-12-02T02:21:25.320Z' }],
};
const sessionOpened: PortalAuditEntry = {
  id: 'e5', at: '2026-12-02T13:00:00.000Z', actor: actor('sub-help', 'helpdesk@coldchain.example'), action: 'create',
  entityType: 'PROXYSESSION', entityId: 'ps-2', entityName: 'Bistro Group', changes: [],
  proxySession: {
    actorEmail: 'helpdesk@coldchain.example', reason: 'Ticket 4411', mode: 'write', organisationName: 'Bistro Group',
    startedAt: '2026-12-02T13:00:00.000Z', expiresAt: '2026-12-02T14:00:00.000Z',
  },
};
const disabled: PortalAuditEntry = {
  id: 'e6', at: '2026-12-02T14:00:00.000Z', actor: actor('sub-ana', 'ana@example.com'), action: 'update',
  entityType: 'SENSOR', entityId: 'S-001', entityName: 'Fridge B',
  changes: [{ field: 'disable', after: { reason: 'Defrosting', at: '2026-12-02T14:00:00.000Z' } }],
};
// The store's order is not the report's: newest first is the builder's to do.
const ENTRIES = [siteCreated, rename, alarmCleared, gatewayOff, disabled, sessionOpened];

function input(parameters: PortalAuditInput['parameters'] = {}, language: 'en' | 'fr' = 'en'): PortalAuditInput {
  return { reader: { language, dateFormat: 'YYYY-MM-DD', timeZone: 'UTC' }, parameters, entries: ENTRIES, people: [ANA, CARL] };
}

const columnIds = (sectionId: string) => REPORT_CATALOGUE.portalAudit.sections.find((section) => section.id === sectionId)?.columns.map((column) => column.id);

describe('Portal Audit figures (issue 34 section 2.4)', () => {
  it('gives one row per changed field, newest first, as a person reads it, people apart from the system', () => {
    const figures = buildPortalAudit(input());
    expect(figures.changes).toEqual([
      { at: disabled.at, who: 'Ana Lima', proxyActor: null, recordKind: 'Sensor', record: 'Fridge B', field: 'Reason for disabling', oldValue: null, newValue: 'Defrosting', reason: 'Defrosting' },
      { at: sessionOpened.at, who: 'helpdesk@coldchain.example', proxyActor: 'helpdesk@coldchain.example', recordKind: 'Proxy session', record: 'Bistro Group', field: 'Proxy session started', oldValue: null, newValue: 'Changes allowed', reason: 'Ticket 4411' },
      { at: gatewayOff.at, who: 'Carl Ruiz', proxyActor: 'helpdesk@coldchain.example', recordKind: 'Gateway', record: 'Back room gateway', field: 'Active', oldValue: 'Yes', newValue: 'No', reason: null },
      { at: siteCreated.at, who: 'bob@example.com', proxyActor: null, recordKind: 'Site', record: 'Kitchen', field: 'Name', oldValue: null, newValue: 'Kitchen', reason: null },
      { at: siteCreated.at, who: 'bob@example.com', proxyActor: null, recordKind: 'Site', record: 'Kitchen', field: 'Time zone', oldValue: null, newValue: 'Europe/Paris', reason: null },
      // The form's order (name before alarm profile), the email matched whatever its case, names for the profiles' ids.
      { at: rename.at, who: 'Ana Lima', proxyActor: null, recordKind: 'Sensor', record: 'Fridge B', field: 'Name', oldValue: 'Fridge A', newValue: 'Fridge B', reason: null },
      { at: rename.at, who: 'Ana Lima', proxyActor: null, recordKind: 'Sensor', record: 'Fridge B', field: 'Alarm profile', oldValue: 'Chilled', newValue: 'Frozen', reason: null },
    ]);
    expect(figures.systemChanges).toEqual([
      { at: alarmCleared.at, system: 'Alarm engine', recordKind: 'Alarm', record: 'Fridge B', field: 'Cleared at', oldValue: null, newValue: '2026-12-02 02:21' },
    ]);
  });

  it('writes each row with exactly its section\'s columns, in order', () => {
    const figures = buildPortalAudit(input());
    for (const row of figures.changes) expect(Object.keys(row)).toEqual(columnIds('changes'));
    for (const row of figures.systemChanges) expect(Object.keys(row)).toEqual(columnIds('systemChanges'));
    expect(figures.changes.length + figures.systemChanges.length).toBeGreaterThan(0);
  });

  it('never writes a raw instant, an id whose name is known, or "Other details"', () => {
    const figures = buildPortalAudit(input());
    const cells = [...figures.changes, ...figures.systemChanges].flatMap((row) => [row.field, row.oldValue, row.newValue]).filter((cell) => cell !== null);
    expect(cells.length).toBeGreaterThan(10);
    for (const cell of cells) {
      expect(cell).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
      expect(cell).not.toBe('Other details');
      expect(['ap-1', 'ap-2']).not.toContain(cell);
    }
  });

  it('keeps the chosen users (by account id, matched on the entries\' emails) and the chosen systems', () => {
    const anaOnly = buildPortalAudit(input({ userIds: ['acc-ana'] }));
    expect(new Set(anaOnly.changes.map((row) => row.at))).toEqual(new Set([rename.at, disabled.at]));
    expect(anaOnly.systemChanges).toEqual([]);
    const engineOnly = buildPortalAudit(input({ userIds: ['alarm-engine'] }));
    expect(engineOnly.changes).toEqual([]);
    expect(engineOnly.systemChanges.map((row) => row.at)).toEqual([alarmCleared.at]);
  });

  it('keeps the chosen kinds of records, whatever their case', () => {
    const sites = buildPortalAudit(input({ recordKinds: ['site'] }));
    expect(sites.changes.map((row) => row.field)).toEqual(['Name', 'Time zone']);
    expect(sites.systemChanges).toEqual([]);
    const alarms = buildPortalAudit(input({ recordKinds: ['ALARM', 'GATEWAY'] }));
    expect(alarms.changes.map((row) => row.record)).toEqual(['Back room gateway']);
    expect(alarms.systemChanges).toHaveLength(1);
  });

  it('writes the reader\'s language', () => {
    const figures = buildPortalAudit(input({}, 'fr'));
    const gateway = figures.changes.find((row) => row.at === gatewayOff.at);
    expect(gateway).toMatchObject({ recordKind: 'Passerelle', field: 'Active', oldValue: 'Oui', newValue: 'Non' });
    expect(figures.changes.find((row) => row.at === rename.at)?.field).toBe('Nom');
    expect(figures.systemChanges[0]?.system).toBe('Moteur d’alarmes');
  });

  it('names a deletion that changed no field', () => {
    const deleted: PortalAuditEntry = { ...rename, id: 'e7', at: '2026-12-02T15:00:00.000Z', action: 'delete', changes: [] };
    const figures = buildPortalAudit({ ...input(), entries: [deleted] });
    expect(figures.changes).toEqual([{ at: deleted.at, who: 'Ana Lima', proxyActor: null, recordKind: 'Sensor', record: 'Fridge B', field: 'Deleted', oldValue: null, newValue: null, reason: null }]);
  });
});
