import { describe, expect, it } from 'vitest';
import { namesFor, OTHER_FIELD_LABEL, readableChanges, referencesOf } from './readable-changes';

const names = {
  'gateway:A840410000DE0001': 'Kitchen Gateway',
  'gateway:A840410000DE0002': 'Back of House LoRa',
  'location:demo-location-hq': 'Headquarters',
  'site:site-1': 'Main Kitchen',
  'notificationGroup:g-1': 'Chefs',
  'dataLoggingProfile:p-1': 'Every 5 minutes',
};

describe('readable changes of an audit entry', () => {
  it('names ids by the names given, and keeps the id of a record that is gone', () => {
    const changes = readableChanges('SENSOR', [
      { field: 'gatewayId', before: 'A840410000DE0001', after: 'A840410000DE0002' },
      { field: 'notificationGroupIds', before: ['g-1'], after: ['g-1', 'g-gone'] },
    ], names);
    expect(changes).toEqual([
      {
        field: 'gatewayId', labelKey: 'sensors.fields.gatewayId',
        before: { kind: 'names', items: [{ id: 'A840410000DE0001', name: 'Kitchen Gateway' }] },
        after: { kind: 'names', items: [{ id: 'A840410000DE0002', name: 'Back of House LoRa' }] },
      },
      {
        field: 'notificationGroupIds', labelKey: 'sensors.fields.notificationGroupIds',
        before: { kind: 'names', items: [{ id: 'g-1', name: 'Chefs' }] },
        after: { kind: 'names', items: [{ id: 'g-1', name: 'Chefs' }, { id: 'g-gone' }] },
      },
    ]);
  });

  it('reads a command sent to a sensor or a gateway by the commands form\'s label and the command\'s name', () => {
    for (const entityType of ['SENSOR', 'GATEWAY']) {
      const [change] = readableChanges(entityType, [{ field: 'command', after: 'setPriority' }]);
      expect(change, entityType).toMatchObject({ field: 'command', labelKey: 'devices.commands.command' });
      expect(JSON.stringify(change?.after), entityType).toContain('devices.commands.names.setPriority');
    }
  });

  it('leaves out bookkeeping and changes from nothing to nothing', () => {
    const changes = readableChanges('SENSOR', [
      { field: 'createdAt', after: '2026-03-10T09:00:00.000Z' },
      { field: 'updatedAt', before: '2026-03-10T09:00:00.000Z', after: '2026-03-10T10:00:00.000Z' },
      { field: 'version', before: 1, after: 2 },
      { field: 'id', after: 'A1B2C3D4' },
      { field: 'noteCount', before: 0, after: 1 },
      { field: 'scheduledChanges', after: [] },
      { field: 'description', before: '', after: undefined },
      // The same channel with its keys in another order reads the same.
      { field: 'channels', before: [{ channel: 1, sensorType: 'temperature', sensorSubType: '', dataLoggingProfileId: 'p-1' }], after: [{ dataLoggingProfileId: 'p-1', sensorSubType: '', sensorType: 'temperature', channel: 1 }] },
    ]);
    expect(changes).toEqual([]);
  });

  it('lists of a created record only the fields that were set, not the flags left off', () => {
    // A sensor as created: every field comes without `before`; its flags default to false.
    const changes = readableChanges('SENSOR', [
      { field: 'name', after: 'Walk-in Fridge' },
      { field: 'disabled', after: false },
      { field: 'siteId', after: 'site-1' },
    ], names);
    expect(changes.map((change) => change.field)).toEqual(['name', 'siteId']);
    // A flag set on creation is shown, and one turned off later too.
    expect(readableChanges('SENSOR', [{ field: 'disabled', after: true }])).toHaveLength(1);
    expect(readableChanges('SENSOR', [{ field: 'disabled', before: true, after: false }])).toEqual([
      { field: 'disabled', labelKey: 'history.fields.disabled', before: { kind: 'yesNo', value: true }, after: { kind: 'yesNo', value: false } },
    ]);
  });

  it('describes each kind of field: text, choice, yes/no, date, count, position', () => {
    expect(readableChanges('SENSOR', [
      { field: 'name', before: 'Fridge', after: 'Walk-in Fridge' },
      { field: 'deviceStatus', before: 'active', after: 'inTransit' },
      { field: 'disabled', before: false, after: true },
      { field: 'disable', after: { reason: 'Cleaning', disabledOn: '2026-03-10T10:00:00.000Z', disabledBy: 'a@b.c', enableOn: '2026-03-11T10:00:00.000Z' } },
    ])).toEqual([
      { field: 'name', labelKey: 'sensors.fields.name', before: { kind: 'text', text: 'Fridge' }, after: { kind: 'text', text: 'Walk-in Fridge' } },
      { field: 'deviceStatus', labelKey: 'sensors.columns.status', before: { kind: 'choice', labelKey: 'history.deviceStatuses.active' }, after: { kind: 'choice', labelKey: 'history.deviceStatuses.inTransit' } },
      { field: 'disabled', labelKey: 'history.fields.disabled', before: { kind: 'yesNo', value: false }, after: { kind: 'yesNo', value: true } },
      { field: 'disable', labelKey: 'history.fields.disable', after: { kind: 'disable', reason: 'Cleaning', enableOn: '2026-03-11T10:00:00.000Z' } },
    ]);
    expect(readableChanges('GATEWAY', [
      { field: 'imageFileIds', before: ['f-1'], after: ['f-1', 'f-2'] },
      { field: 'position', after: { latitude: 48.85, longitude: 2.35 } },
      { field: 'isActive', before: true, after: false },
    ])).toEqual([
      { field: 'imageFileIds', labelKey: 'gateways.sections.images', before: { kind: 'count', count: 1 }, after: { kind: 'count', count: 2 } },
      { field: 'position', labelKey: 'gateways.fields.position', after: { kind: 'position', latitude: 48.85, longitude: 2.35 } },
      { field: 'isActive', labelKey: 'gateways.fields.isActive', before: { kind: 'yesNo', value: true }, after: { kind: 'yesNo', value: false } },
    ]);
  });

  it('describes channels and scheduled changes in words, not JSON', () => {
    const [channels, scheduled] = readableChanges('SENSOR', [
      { field: 'scheduledChanges', before: [], after: [{ id: 'c-1', action: 'enable', at: '2026-03-11T10:00:00.000Z', requestedBy: 'a@b.c', requestedAt: '2026-03-10T10:00:00.000Z' }] },
      { field: 'channels', after: [
        { channel: 2, sensorType: 'humidity', sensorSubType: 'relativeHumidity', dataLoggingProfileId: 'p-1' },
        { channel: 1, sensorType: 'temperature', sensorSubType: '', dataLoggingProfileId: 'p-gone' },
      ] },
    ], names);
    expect(channels).toEqual({
      field: 'channels', labelKey: 'history.fields.channels',
      after: { kind: 'channels', channels: [
        { channel: 1, sensorTypeKey: 'devices.sensorTypes.temperature', profile: { id: 'p-gone' } },
        { channel: 2, sensorTypeKey: 'devices.sensorTypes.humidity', subTypeKey: 'devices.subTypes.relativeHumidity', profile: { id: 'p-1', name: 'Every 5 minutes' } },
      ] },
    });
    expect(scheduled).toEqual({
      field: 'scheduledChanges', labelKey: 'history.fields.scheduledChanges',
      after: { kind: 'scheduledChanges', changes: [{ action: 'enable', at: '2026-03-11T10:00:00.000Z' }] },
    });
  });

  it('turns an object of fields into a change per field that changed (equipment, calibration)', () => {
    expect(readableChanges('SENSOR', [
      { field: 'equipment', before: { type: 'fryer', make: 'Frymaster' }, after: { type: 'fryer', make: 'Pitco', model: 'SG14' } },
      { field: 'calibration', after: { issueDate: '2026-03-01' } },
    ])).toEqual([
      { field: 'calibration.issueDate', labelKey: 'sensors.calibrations.issueDate', after: { kind: 'dateTime', at: '2026-03-01' } },
      { field: 'equipment.make', labelKey: 'sensors.equipment.make', before: { kind: 'text', text: 'Frymaster' }, after: { kind: 'text', text: 'Pitco' } },
      { field: 'equipment.model', labelKey: 'sensors.equipment.model', after: { kind: 'text', text: 'SG14' } },
    ]);
  });

  it('shows an unknown field as other details: plain values as they are, never raw JSON or its name', () => {
    expect(readableChanges('SENSOR', [
      { field: 'somethingNew', before: 3, after: 4 },
      { field: 'blob', after: { a: [1, 2] } },
    ])).toEqual([
      { field: 'somethingNew', labelKey: OTHER_FIELD_LABEL, before: { kind: 'number', value: 3 }, after: { kind: 'number', value: 4 } },
      { field: 'blob', labelKey: OTHER_FIELD_LABEL, after: { kind: 'set' } },
    ]);
    expect(readableChanges('NOTIFICATIONTEMPLATE', [{ field: 'subject', after: 'Alarm' }])).toEqual([
      { field: 'subject', labelKey: OTHER_FIELD_LABEL, after: { kind: 'text', text: 'Alarm' } },
    ]);
  });

  it("reads the lock on a user's text replies as the time it ends, their other fields as before", () => {
    const changes = readableChanges('USER', [
      { field: 'phone', before: '+447700900123', after: '+447700900124' },
      { field: 'smsRepliesBlockedUntil', after: '2026-11-26T10:00:00.000Z' },
    ]);
    expect(changes).toEqual([
      { field: 'smsRepliesBlockedUntil', labelKey: 'portalAudit.fields.smsRepliesBlockedUntil', after: { kind: 'dateTime', at: '2026-11-26T10:00:00.000Z' } },
      { field: 'phone', labelKey: OTHER_FIELD_LABEL, before: { kind: 'text', text: '+447700900123' }, after: { kind: 'text', text: '+447700900124' } },
    ]);
  });

  it('lists the records an entry names, each once, and picks their names', () => {
    const changes = [
      { field: 'gatewayId', before: 'A840410000DE0001', after: 'A840410000DE0002' },
      { field: 'locationId', after: 'demo-location-hq' },
      { field: 'channels', before: [{ channel: 1, sensorType: 'temperature', sensorSubType: '', dataLoggingProfileId: 'p-1' }], after: [{ channel: 1, sensorType: 'temperature', sensorSubType: '', dataLoggingProfileId: 'p-1' }] },
      { field: 'name', after: 'A840410000DE0003' },
    ];
    const references = referencesOf('SENSOR', changes);
    expect(references).toEqual([
      { kind: 'gateway', id: 'A840410000DE0001' },
      { kind: 'gateway', id: 'A840410000DE0002' },
      { kind: 'location', id: 'demo-location-hq' },
      { kind: 'dataLoggingProfile', id: 'p-1' },
    ]);
    expect(namesFor(references, names)).toEqual({
      'gateway:A840410000DE0001': 'Kitchen Gateway',
      'gateway:A840410000DE0002': 'Back of House LoRa',
      'location:demo-location-hq': 'Headquarters',
      'dataLoggingProfile:p-1': 'Every 5 minutes',
    });
  });
});
