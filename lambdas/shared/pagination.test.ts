import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../domain/messages';
import { DEFAULT_PAGE_SIZE, encodeCursor, MAX_PAGE_SIZE, pageRequestFrom } from './pagination';

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
});
