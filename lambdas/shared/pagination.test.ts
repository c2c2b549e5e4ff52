import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { DEFAULT_PAGE_SIZE, encodeCursor, MAX_PAGE_SIZE, pageRequestFrom, startKeyAttributes } from './pagination';

const partition = { attribute: 'gsi1pk', value: 'C#org#DEPARTMENT' };

describe('list cursors', () => {
  it('round-trips a key of the caller partition', () => {
    const key = { gsi1pk: 'C#org#DEPARTMENT', gsi1sk: 'NAME#a#1', pk: 'C#org#DEPARTMENT', sk: 'DEPARTMENT#1' };
    const cursor = encodeCursor(key);
    expect(pageRequestFrom({ cursor: cursor ?? '' }, partition)).toEqual({ limit: DEFAULT_PAGE_SIZE, startKey: key });
  });

  it('caps the page size and refuses nonsense', () => {
    expect(pageRequestFrom({ limit: '1000' }, partition).limit).toBe(MAX_PAGE_SIZE);
    expect(() => pageRequestFrom({ limit: '0' }, partition)).toThrow(MESSAGES.invalidCursor);
    expect(() => pageRequestFrom({ limit: 'ten' }, partition)).toThrow(MESSAGES.invalidCursor);
  });

  it("refuses a cursor of another tenant's partition, or one that is not a key", () => {
    const foreign = encodeCursor({ gsi1pk: 'C#other#DEPARTMENT', gsi1sk: 'x' }) ?? '';
    expect(() => pageRequestFrom({ cursor: foreign }, partition)).toThrow(MESSAGES.invalidCursor);
    expect(() => pageRequestFrom({ cursor: 'not-base64-json' }, partition)).toThrow(MESSAGES.invalidCursor);
    const nested = encodeCursor({ gsi1pk: 'C#org#DEPARTMENT', gsi1sk: { S: 'x' } }) ?? '';
    expect(() => pageRequestFrom({ cursor: nested }, partition)).toThrow(MESSAGES.invalidCursor);
  });

  it('refuses a cursor of the right partition that is not a whole key of the queried index (issue 11)', () => {
    const refused = (key: Record<string, unknown>, expected = partition) =>
      expect(() => pageRequestFrom({ cursor: encodeCursor(key) ?? '' }, expected)).toThrow(MESSAGES.invalidCursor);
    const whole = { gsi1pk: 'C#org#DEPARTMENT', gsi1sk: 'NAME#a#1', pk: 'C#org#DEPARTMENT', sk: 'DEPARTMENT#1' };
    // An incomplete key: DynamoDB would refuse it (a 500 before).
    refused({ gsi1pk: whole.gsi1pk, gsi1sk: whole.gsi1sk });
    refused({ gsi1pk: whole.gsi1pk });
    // An attribute the index does not have, or one value that is not a key's.
    refused({ ...whole, extra: 'x' });
    refused({ ...whole, sk: '' });
    refused({ ...whole, sk: 7 });
    refused({ ...whole, gsi1sk: 'x'.repeat(1025) });
    refused({ ...whole, pk: 'C#org#'.padEnd(2049, 'x') });
    // A table cursor is pk and sk only.
    const table = { attribute: 'pk', value: 'C#org#SENSOR' };
    expect(pageRequestFrom({ cursor: encodeCursor({ pk: 'C#org#SENSOR', sk: 'SENSOR#1' }) ?? '' }, table).startKey)
      .toEqual({ pk: 'C#org#SENSOR', sk: 'SENSOR#1' });
    refused({ pk: 'C#org#SENSOR' }, table);
    refused({ pk: 'C#org#SENSOR', sk: 'SENSOR#1', gsi1pk: 'x', gsi1sk: 'y' }, table);
    // A cursor longer than any key is not decoded at all.
    expect(() => pageRequestFrom({ cursor: 'a'.repeat(5000) }, partition)).toThrow(MESSAGES.invalidCursor);
  });

  it('knows the key attributes of the table and of each index', () => {
    expect(startKeyAttributes('pk')).toEqual({ partition: ['pk'], sort: ['sk'] });
    expect(startKeyAttributes('gsi2pk')).toEqual({ partition: ['gsi2pk', 'pk'], sort: ['gsi2sk', 'sk'] });
    expect(() => startKeyAttributes('name')).toThrow();
  });
});
