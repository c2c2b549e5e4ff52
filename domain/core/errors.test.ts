import { describe, expect, it } from 'vitest';
import { conflict, DomainError, errorCodeOf, notFound, validationError } from './errors';
import { MESSAGES } from './messages';

describe('the code and field of a domain error', () => {
  it('is the catalogue key of its message', () => {
    expect(conflict(MESSAGES.locationNameTaken).code).toBe('locationNameTaken');
    expect(notFound().code).toBe('notFound');
    for (const [key, text] of Object.entries(MESSAGES)) expect(errorCodeOf(text, 'validation')).toBe(key);
  });

  it('knows a filled message by its fixed words', () => {
    expect(conflict('Sensor Dairy chiller cannot be deleted while it has notes.').code).toBe('sensorHasNotes');
  });

  it('falls back to the kind for a message that is none of the product\'s', () => {
    expect(new DomainError('conflict', 'something else').code).toBe('conflict');
  });

  it('names the field of a schema issue, and of a rule refusal', () => {
    expect(validationError(MESSAGES.nameMax20, { 'channels.0.sensorType': MESSAGES.nameRequired, name: MESSAGES.nameMax20 }).field).toBe('name');
    expect(validationError(MESSAGES.nameRequired, { _: MESSAGES.nameRequired }).field).toBeUndefined();
    expect(conflict(MESSAGES.sensorAlreadyAdded).field).toBe('id');
    expect(notFound().field).toBeUndefined();
  });
});
