import * as z from 'zod';
import { ALARM_TYPES } from '../alarms/alarm';
import { MESSAGES } from '../core/messages';
import { fillTemplate } from '../devices/gateway';
import { LANGUAGES } from '../identity/user';
import { NOTIFICATION_CHANNELS, TEMPLATE_FIELDS, type NotificationChannel } from './channels';
import { TEMPLATE_KINDS, validateTemplate, type NotificationTemplateOverride } from './templates';

/**
 * An organisation's notification templates as the API keeps them (issue 14 section 3): one
 * override per kind, channel, language and alarm type ('any': every type), edited by
 * administrators, previewed before saving. The wording and rendering are templates.ts's.
 */

/** The fields of each channel's template, in the order the editor shows them (the channels' catalogue). */
export { TEMPLATE_FIELDS } from './channels';
export type TemplateField = (typeof TEMPLATE_FIELDS)[NotificationChannel][number];

/** The stored alarm type of an override: its type, or 'any' for every type (and a test message). */
export type TemplateAlarmType = (typeof ALARM_TYPES)[number] | 'any';

/** Which override: kind, channel, language and alarm type (absent: every type). DELETE names it. */
export const templateKeySchema = z.object({
  kind: z.enum(TEMPLATE_KINDS),
  channel: z.enum(NOTIFICATION_CHANNELS),
  language: z.enum(LANGUAGES),
  alarmType: z.enum(ALARM_TYPES).optional(),
});
export type TemplateKey = z.output<typeof templateKeySchema>;

/** The fields an override sets (the others are the product's), by name. */
export function overrideFields(override: NotificationTemplateOverride): Partial<Record<TemplateField, string>> {
  const given = override as unknown as Record<string, unknown>;
  const fields: Partial<Record<TemplateField, string>> = {};
  for (const name of TEMPLATE_FIELDS[override.channel]) {
    const value = given[name];
    if (typeof value === 'string' && value.trim() !== '') fields[name] = value;
  }
  return fields;
}

/** Every unknown placeholder of an override's fields, each once, in order. */
export function unknownPlaceholdersOf(override: NotificationTemplateOverride): string[] {
  return [...new Set(Object.values(overrideFields(override)).flatMap((text) => validateTemplate(text)))];
}

/** The refusal of an override with unknown placeholders, naming them (`{x}, {y}`). */
export const unknownPlaceholdersMessage = (names: readonly string[]): string =>
  fillTemplate(MESSAGES.templateUnknownPlaceholders, { placeholders: names.map((name) => `{${name}}`).join(', ') });

/** An override as stored: its key, the fields it sets, and who saved it when. */
export const storedTemplateSchema = templateKeySchema.extend({
  subject: z.string().optional(),
  text: z.string().optional(),
  html: z.string().optional(),
  body: z.string().optional(),
  title: z.string().optional(),
  script: z.string().optional(),
  version: z.number().int(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type StoredTemplate = z.output<typeof storedTemplateSchema>;

/** The preview of a template: the message as it would be sent, and the placeholders it does not know. */
export const templatePreviewSchema = z.object({
  channel: z.enum(NOTIFICATION_CHANNELS),
  message: z.object({
    subject: z.string().optional(),
    text: z.string().optional(),
    html: z.string().optional(),
    body: z.string().optional(),
    title: z.string().optional(),
    script: z.string().optional(),
  }),
  unknownPlaceholders: z.array(z.string()),
});
export type TemplatePreview = z.output<typeof templatePreviewSchema>;

/** The GSM-7 alphabet (with its extension). */
const GSM7 = /^[A-Za-z0-9 \r\n@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà^{}\\[~\]|€]*$/;
/** GSM-7 characters sent as two (the escape and the character). */
const GSM7_EXTENDED = /[\^{}\\[~\]|€]/g;
/** How many SMS a text takes: 160 characters in one (GSM-7), 153 a part beyond; 70 and 67 with other characters (UCS-2). */
export function smsParts(text: string): { characters: number; parts: number } {
  const characters = [...text].length;
  if (characters === 0) return { characters, parts: 0 };
  const gsm = GSM7.test(text);
  const units = gsm ? characters + (text.match(GSM7_EXTENDED)?.length ?? 0) : characters;
  const single = gsm ? 160 : 70;
  const part = gsm ? 153 : 67;
  return { characters, parts: units <= single ? 1 : Math.ceil(units / part) };
}
