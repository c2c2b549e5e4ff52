import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { templateValues } from './messageTemplates';

describe('filled message templates', () => {
  it('reads back the values the API filled in', () => {
    expect(templateValues(MESSAGES.sensorHasNotes, 'Sensor Walk-in (1) cannot be deleted while it has notes.')).toEqual({ name: 'Walk-in (1)' });
    expect(templateValues(MESSAGES.gatewayDeleteRefused, 'Gateway Dock cannot be deleted: it has 3 sensor(s) and 0 note(s). Remove them first.'))
      .toEqual({ name: 'Dock', sensorCount: '3', noteCount: '0' });
  });

  it('matches nothing else', () => {
    expect(templateValues(MESSAGES.sensorHasNotes, 'Sensor already added!')).toBeUndefined();
    expect(templateValues(MESSAGES.sensorAlreadyAdded, MESSAGES.sensorAlreadyAdded)).toBeUndefined();
  });
});
