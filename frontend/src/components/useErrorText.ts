import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGES, type MessageKey } from '@domain/core/messages';
import { ApiError } from '../api/ApiError';

const isMessageKey = (code: string): code is MessageKey => Object.hasOwn(MESSAGES, code);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The values a filled message template holds (`Sensor {{name}} cannot ...` against `Sensor Fridge cannot ...`), or undefined. */
export function templateValues(template: string, text: string): Record<string, string> | undefined {
  const names: string[] = [];
  const pattern = template.split(/({{\s*\w+\s*}})/).map((part) => {
    const name = /^{{\s*(\w+)\s*}}$/.exec(part)?.[1];
    if (name === undefined) return escape(part);
    names.push(name);
    return '(.+?)';
  }).join('');
  if (names.length === 0) return undefined;
  const match = new RegExp(`^${pattern}$`, 's').exec(text);
  if (match === null) return undefined;
  return Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']));
}

/**
 * The text of a failed call in the user's language, by the error's code (a catalogue key).
 * A message the API filled with values (a name, a count) is translated with the values it
 * carries, read back from the code's template; a code the catalogue lacks, or a filled text
 * that does not fit its template, is shown as the server wrote it.
 */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return useCallback((error: unknown) => {
    if (!(error instanceof ApiError)) return t('messages.genericError');
    const { code } = error;
    if (code === undefined || !isMessageKey(code)) return error.message;
    if (!MESSAGES[code].includes('{{')) return t(`messages.${code}`);
    const values = templateValues(MESSAGES[code], error.message);
    // The code is known only at run time, so its placeholders are too.
    const translate = t as unknown as (key: string, values: Record<string, string>) => string;
    return values === undefined ? error.message : translate(`messages.${code}`, values);
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
