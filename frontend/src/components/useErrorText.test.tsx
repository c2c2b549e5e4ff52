import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fillTemplate } from '@domain/devices/gateway';
import { MESSAGES } from '@domain/core/messages';
import { ApiError } from '../api/ApiError';
import { initI18n } from '../i18n';
import { templateValues, useErrorText } from './useErrorText';

/** The hook's function, in the language given. */
function errorTextIn(language: 'en' | 'fr') {
  void initI18n(language);
  return renderHook(() => useErrorText()).result.current;
}

describe('useErrorText', () => {
  afterEach(() => void initI18n('en'));

  it('translates an API refusal by its code, whatever its English words', () => {
    // Prepare: the code names the message; the text is the server's.
    const refusal = new ApiError(409, 'words the catalogue does not know', { code: 'departmentNameTaken', field: 'name' });
    // Act
    const text = errorTextIn('fr')(refusal);
    // Assess
    expect(text).toBe('Un département portant ce nom existe déjà.');
  });

  it('translates a message the API filled with values, keeping the values', () => {
    const message = fillTemplate(MESSAGES.gatewayDeleteRefused, { name: 'Dock', sensorCount: 3, noteCount: 0 });
    const text = errorTextIn('fr')(new ApiError(409, message, { code: 'gatewayDeleteRefused' }));
    expect(text).toBe("La passerelle Dock ne peut pas être supprimée : elle a 3 capteur(s) et 0 note(s). Retirez-les d'abord.");
  });

  it("shows the server's words when there is no code, the code is not the catalogue's, or a filled text does not fit its template", () => {
    const errorText = errorTextIn('fr');
    expect(errorText(new ApiError(409, MESSAGES.departmentNameTaken))).toBe(MESSAGES.departmentNameTaken);
    expect(errorText(new ApiError(400, 'Something else', { code: 'validation' }))).toBe('Something else');
    expect(errorText(new ApiError(409, 'Gateway refused', { code: 'gatewayDeleteRefused' }))).toBe('Gateway refused');
  });

  it('shows the generic message in the language for anything that is not an API error', () => {
    expect(errorTextIn('fr')(new TypeError('Failed to fetch'))).toBe("Une erreur s'est produite");
    expect(errorTextIn('en')(undefined)).toBe(MESSAGES.genericError);
  });
});

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
