import { Entity, type EntityItem } from 'electrodb';
import type { AlarmType } from '@domain/alarms/alarm';
import type { NotificationChannel } from '@domain/notifications/notification-group';
import { TEMPLATE_FIELDS, type StoredTemplate, type TemplateAlarmType, type TemplateField, type TemplateKey } from '@domain/notifications/template-overrides';
import type { TemplateKind, TemplateLanguage } from '@domain/notifications/templates';
import { LANGUAGES } from '@domain/identity/user';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import type { QueryParams } from '../queries';
import type { KeyParams, PutParams } from '../writes';

/**
 * An organisation's notification template (issue 14 section 3): an administrator's override of
 * the product's wording for one kind, channel, language and alarm type ('any': every type), one
 * item each in the organisation's partition, versioned, written with its audit entry. The
 * sender reads the type's and the 'any' one beside the other items of its BatchGetItem.
 */
export const notificationTemplate = new Entity({
  model: { entity: 'notificationTemplate', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    kind: { type: 'string', required: true },
    channel: { type: 'string', required: true },
    language: { type: 'string', required: true },
    alarmType: { type: 'string', required: true },
    subject: { type: 'string' },
    text: { type: 'string' },
    html: { type: 'string' },
    body: { type: 'string' },
    title: { type: 'string' },
    script: { type: 'string' },
    version: { type: 'number', required: true },
    updatedAt: { type: 'string', required: true },
    updatedBy: { type: 'string', required: true },
  },
  indexes: {
    byKey: {
      pk: { field: 'pk', composite: ['customerId'], template: 'C#${customerId}#NOTIFICATIONTEMPLATE', casing: 'none' },
      sk: { field: 'sk', composite: ['kind', 'channel', 'language', 'alarmType'], template: '${kind}#${channel}#${language}#${alarmType}', casing: 'none' },
    },
  },
});
export type NotificationTemplateItem = EntityItem<typeof notificationTemplate>;

/** The key's parts as stored: the alarm type, or 'any'. */
const keyParts = (customerId: string, key: TemplateKey) => ({
  customerId, kind: key.kind, channel: key.channel, language: key.language, alarmType: (key.alarmType ?? 'any') as TemplateAlarmType,
});

export const notificationTemplateKey = (tableName: string, customerId: string, key: TemplateKey): KeyParams =>
  notificationTemplate.get(keyParts(customerId, key)).params<KeyParams>({ table: tableName });

export const notificationTemplatePut = (tableName: string, customerId: string, template: StoredTemplate): PutParams => {
  const fields: Record<string, string> = {};
  for (const name of TEMPLATE_FIELDS[template.channel]) {
    const value = (template as Record<string, unknown>)[name];
    if (typeof value === 'string' && value !== '') fields[name] = value;
  }
  return notificationTemplate.put({
    ...keyParts(customerId, template), ...fields, version: template.version, updatedAt: template.updatedAt, updatedBy: template.updatedBy,
  }).params<PutParams>({ table: tableName });
};

/** Access pattern: the organisation's overrides, by kind, channel, language and type. */
export const notificationTemplatesOf = (tableName: string, customerId: string): QueryParams =>
  notificationTemplate.query.byKey({ customerId }).params<QueryParams>({ table: tableName });

/** The API's shape, picked field by field: only the channel's own fields. */
export function toStoredTemplate(item: Record<string, unknown>): StoredTemplate {
  const channel = String(item['channel']) as NotificationChannel;
  const alarmType = String(item['alarmType'] ?? 'any');
  const fields: Partial<Record<TemplateField, string>> = {};
  for (const name of TEMPLATE_FIELDS[channel] ?? []) {
    const value = item[name];
    if (typeof value === 'string' && value !== '') fields[name] = value;
  }
  return {
    kind: String(item['kind']) as TemplateKind,
    channel,
    language: String(item['language']) as TemplateLanguage,
    ...(alarmType === 'any' ? {} : { alarmType: alarmType as AlarmType }),
    ...fields,
    version: Number(item['version'] ?? 1),
    updatedAt: String(item['updatedAt'] ?? ''),
    updatedBy: String(item['updatedBy'] ?? ''),
  };
}

/** What one delivery's message is: its kind, channel, alarm type, and the languages it may be in. */
export interface TemplateLookup {
  kind: TemplateKind;
  channel: NotificationChannel;
  alarmType?: AlarmType;
  /** The delivery's language; none: all three (the recipient's is read beside). */
  language?: TemplateLanguage | undefined;
}

/** The keys the sender adds to its BatchGetItem: the alarm type's override and the 'any' one, per language. */
export function notificationTemplateLookupKeys(tableName: string, customerId: string, lookup: TemplateLookup): Record<string, unknown>[] {
  const types = lookup.alarmType === undefined || lookup.kind === 'test' ? [undefined] : [lookup.alarmType, undefined];
  const languages = lookup.language === undefined ? LANGUAGES : [lookup.language];
  return languages.flatMap((language) =>
    types.map((alarmType) => notificationTemplateKey(tableName, customerId, { kind: lookup.kind, channel: lookup.channel, language, ...(alarmType ? { alarmType } : {}) }).Key),
  );
}

/**
 * The override a message uses, from the items read: the alarm type's, else the 'any' one
 * (its fields only; undefined when neither is set: the product's wording).
 */
export function notificationTemplateOverride(
  items: readonly Record<string, unknown>[], tableName: string, customerId: string, lookup: TemplateLookup & { language: TemplateLanguage },
): Partial<Record<TemplateField, string>> | undefined {
  const find = (alarmType: AlarmType | undefined) => {
    const { Key } = notificationTemplateKey(tableName, customerId, { kind: lookup.kind, channel: lookup.channel, language: lookup.language, ...(alarmType ? { alarmType } : {}) });
    return items.find((item) => item['pk'] === Key['pk'] && item['sk'] === Key['sk']);
  };
  const item = (lookup.kind !== 'test' && lookup.alarmType !== undefined ? find(lookup.alarmType) : undefined) ?? find(undefined);
  if (item === undefined) return undefined;
  const { kind: _kind, channel: _channel, language: _language, alarmType: _type, version: _version, updatedAt: _at, updatedBy: _by, ...fields } = toStoredTemplate(item);
  return fields;
}
