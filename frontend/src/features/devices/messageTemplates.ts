import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGES, type MessageKey } from '@domain/core/messages';
import { useMessageText } from '../../i18n/messages';

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

/** Messages the API sends filled in (a name, a count): translated with the values they carry. */
const TEMPLATED: readonly MessageKey[] = (Object.keys(MESSAGES) as MessageKey[]).filter((key) => MESSAGES[key].includes('{{'));

/** `useMessageText`, also for messages the API filled in (e.g. "Sensor Fridge cannot be deleted while it has notes."). */
export function useDeviceMessageText(): (text: string) => string {
  const { t } = useTranslation();
  const messageText = useMessageText();
  return useCallback((text: string) => {
    // The key is one of the templated messages, known only at run time, so its placeholders are too.
    const translate = t as unknown as (key: string, values: Record<string, string>) => string;
    for (const key of TEMPLATED) {
      const values = templateValues(MESSAGES[key], text);
      if (values !== undefined) return translate(`messages.${key}`, values);
    }
    return messageText(text);
  }, [messageText, t]);
}
