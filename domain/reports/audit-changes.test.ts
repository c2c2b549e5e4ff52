import { describe, expect, it } from 'vitest';
import { actorFilter, actorName, auditChangeLines, peopleByEmail, recordKindText, type AuditReader } from './audit-changes';

const reader: AuditReader = { language: 'en', dateFormat: 'DD/MM/YYYY', timeZone: 'America/New_York' };
const update = (changes: { field: string; before?: unknown; after?: unknown }[], names = {}) => ({ action: 'update' as const, changes, names });

describe('audit changes as a report writes them', () => {
  it('writes channels with their types and profiles\' names, in channel order', () => {
    const lines = auditChangeLines('SENSOR', update([{
      field: 'channels',
      before: [{ channel: 1, sensorType: 'temperature', dataLoggingProfileId: 'dl-1' }],
      after: [{ channel: 2, sensorType: 'humidity', sensorSubType: 'relativeHumidity', dataLoggingProfileId: 'dl-2' }, { channel: 1, sensorType: 'temperature', dataLoggingProfileId: 'dl-1' }],
    }], { 'dataLoggingProfile:dl-1': 'Every 5 minutes' }), reader);
    // dl-2 has no name (deleted since): its id is all there is.
    expect(lines).toEqual([{
      field: 'Channels',
      oldValue: 'Channel 1: Temperature, Every 5 minutes',
      newValue: 'Channel 1: Temperature, Every 5 minutes; Channel 2: Humidity (Relative humidity), dl-2',
    }]);
  });

  it('writes a gateway\'s position and images count, and a French number with its comma', () => {
    const change = update([{ field: 'position', after: { latitude: 48.8566, longitude: 2.3522 } }, { field: 'imageFileIds', before: ['a'], after: ['a', 'b'] }]);
    expect(auditChangeLines('GATEWAY', change, reader)).toEqual([
      { field: 'Images', oldValue: '1', newValue: '2' },
      { field: 'Position', oldValue: null, newValue: '48.8566, 2.3522' },
    ]);
    expect(auditChangeLines('GATEWAY', change, { ...reader, language: 'fr' })[1]?.newValue).toBe('48,8566, 2,3522');
  });

  it('names a field of another record by its form\'s label, else its own words; instants and days in the reader\'s zone and format', () => {
    expect(auditChangeLines('SITE', update([{ field: 'installationDate', before: '2026-01-31', after: '2026-02-01' }]), reader))
      .toEqual([{ field: 'Installation date', oldValue: '31/01/2026', newValue: '01/02/2026' }]);
    // 02:21 UTC is 21:21 the day before in New York.
    expect(auditChangeLines('ALARM', update([{ field: 'acknowledgedAt', after: '2026-12-02T02:21:25.320Z' }]), reader))
      .toEqual([{ field: 'Acknowledged at', oldValue: null, newValue: '01/12/2026 21:21' }]);
    expect(auditChangeLines('USER', update([{ field: 'smsRepliesBlockedUntil', after: '2026-12-02T12:00:00.000Z' }]), reader)[0]?.field)
      .toBe('Text replies blocked (too many wrong codes) until');
  });

  it('names record kinds and actors: people by their email, systems by their name', () => {
    expect(recordKindText('NOTIFICATIONGROUP', 'es')).toBe('Grupo de notificación');
    expect(recordKindText('LOCATIONSHARE', 'en')).toBe('Locationshare');
    const people = [{ accountId: 'acc-1', email: 'Ana@Example.com', name: 'Ana Lima' }];
    expect(actorName({ userId: 'sub-1', email: 'ana@example.com' }, peopleByEmail(people), 'en')).toBe('Ana Lima');
    expect(actorName({ userId: 'sms-reply-guard', email: '+33600000000' }, peopleByEmail(people), 'fr')).toBe('Verrou des réponses SMS');
    expect(actorName({ userId: 'sub-2', email: 'zoe@example.com' }, peopleByEmail(people), 'en')).toBe('zoe@example.com');
    const chosen = actorFilter(['acc-1'], people);
    expect([chosen({ userId: 'sub-1', email: 'ANA@example.com' }), chosen({ userId: 'sub-2', email: 'zoe@example.com' })]).toEqual([true, false]);
  });
});
