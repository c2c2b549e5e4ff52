import { describe, expect, it } from 'vitest';
import { sensorUpdate } from './entities/sensor';
import { setAndClear, versionedUpdate } from './writes';

describe('setAndClear', () => {
  it('sets what has a value and removes what is undefined', () => {
    // Act
    const { set, clear } = setAndClear({ city: 'Bath', latitude: undefined, version: 3 });
    // Assess
    expect(set).toEqual({ city: 'Bath', version: 3 });
    expect(clear).toEqual(['latitude']);
  });
});

describe('versionedUpdate of an entity update', () => {
  it('touches only the fields a change names (and the index keys they move), on the version read', () => {
    // Act
    const { item } = versionedUpdate(sensorUpdate('table', 'org-1', 'A1B2C3D4', { name: 'Cold room', gatewayId: undefined, version: 3 }), 2);
    // Assess
    const update = item.Update;
    expect(update?.Key).toEqual({ pk: 'C#org-1#SENSOR', sk: 'SENSOR#A1B2C3D4' });
    expect(update?.ConditionExpression).toBe('#version = :expected');
    expect(update?.ExpressionAttributeValues?.[':expected']).toBe(2);
    expect(update?.UpdateExpression).toMatch(/ REMOVE #gatewayId, #gsi2pk$/);
    expect(Object.values(update?.ExpressionAttributeValues ?? {})).toEqual(expect.arrayContaining(['Cold room', 'NAME#cold%20room#A1B2C3D4', 3]));
    expect(Object.values(update?.ExpressionAttributeNames ?? {})).not.toContain('noteCount');
  });
});
