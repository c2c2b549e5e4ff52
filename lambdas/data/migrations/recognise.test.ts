import { describe, expect, it } from 'vitest';
import { namedItemPut } from '../entities/named-item';
import { sensorPut, type SensorRecord } from '../entities/sensor';
import { sensorStateKey } from '../entities/sensor-state';
import { readingItem } from '../readings';
import { IDENTITY_ATTRIBUTES, recogniseEntity } from './recognise';

const bookkeeping = { createdAt: '2026-12-01T10:00:00.000Z', updatedAt: '2026-12-01T10:00:00.000Z', createdBy: 'u1', updatedBy: 'u1', version: 1 };
const withoutIdentity = (item: Record<string, unknown>) => {
  const { [IDENTITY_ATTRIBUTES.entity]: _entity, [IDENTITY_ATTRIBUTES.version]: _version, ...rest } = item;
  return rest;
};

describe('which entity an item stored without identity attributes belongs to', () => {
  it('the entity whose keys fit it best, where the templates alone fit several (a sensor, its state item, a department)', () => {
    // Prepare
    const sensor: SensorRecord = {
      id: 'S1', name: 'Walk-in', siteId: 'site-1', locationId: 'loc-1', gatewayId: 'G1', deviceModel: 'CT-100', monitoringType: 'temperature', connectionType: 'wifi',
      notificationGroupIds: [], inactivityNotificationGroupIds: [], channels: [], deviceStatus: 'active',
      registeredOn: bookkeeping.createdAt, disabled: false, scheduledChanges: [], noteCount: 0, ...bookkeeping,
    } as unknown as SensorRecord;
    const sensorItem = sensorPut('t', 'org-1', sensor).Item;
    const department = namedItemPut('t', 'org-1', 'DEPARTMENT', { id: 'd1', name: 'Kitchen', ...bookkeeping }).Item;
    // Act and assess: ElectroDB's own patterns take `SENSOR#S1#STATE` for a sensor `S1#STATE`; the key parts settle it.
    expect(recogniseEntity(withoutIdentity(sensorItem))).toEqual({ found: { entity: 'sensor', version: '1' } });
    expect(recogniseEntity({ ...sensorStateKey('t', 'org-1', 'S1').Key, lastCommunicated: bookkeeping.createdAt }))
      .toEqual({ found: { entity: 'sensorState', version: '1' } });
    expect(recogniseEntity(withoutIdentity(department))).toEqual({ found: { entity: 'namedItem', version: '1' } });
  });

  it('none for what no entity keys (a reading), nor for keys that only look like one (another case, a delimiter in a part)', () => {
    expect(recogniseEntity(readingItem('org-1', 'S1', { time: bookkeeping.createdAt, channels: { '1': 4 }, receivedAt: bookkeeping.createdAt, sourceDeviceId: 'S1' })))
      .toMatchObject({ unrecognised: 'no-entity' });
    expect(recogniseEntity({ pk: 'c#org-1#sensor', sk: 'sensor#S1' })).toMatchObject({ unrecognised: 'no-entity' });
    expect(recogniseEntity({ pk: 'C#org-1#SENSOR', sk: 'SENSOR#S1#NOTE' })).toMatchObject({ unrecognised: 'no-entity' });
  });
});
