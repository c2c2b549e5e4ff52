import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGES, type MessageKey } from '@domain/core/messages';
import { ApiError } from '../api/ApiError';

const isMessageKey = (code: string): code is MessageKey => Object.hasOwn(MESSAGES, code);

/**
 * The text of a failed call in the user's language, by the error's code (a catalogue key);
 * a code the catalogue lacks, or a message filled with values (a name, a count), is shown
 * as the server wrote it.
 */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return useCallback((error: unknown) => {
    if (!(error instanceof ApiError)) return t('messages.genericError');
    const { code } = error;
    if (code !== undefined && isMessageKey(code) && !MESSAGES[code].includes('{{')) return t(`messages.${code}`);
    return error.message;
  }, [t]);
}

/**
 * The field of a form an API refusal belongs under: the one the API names, when the form has
 * it (`fields` lists them; a nested path such as `channels.0.sensorType` belongs to `channels`).
 */
export function formFieldOf<F extends string>(error: unknown, fields: readonly F[]): F | undefined {
  if (!(error instanceof ApiError) || error.field === undefined) return undefined;
  const { field } = error;
  return fields.find((name) => field === name || field.startsWith(`${name}.`)) === undefined ? undefined : field as F;
}
