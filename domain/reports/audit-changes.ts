import { OTHER_FIELD_LABEL, readableChanges, type HistoryEntry, type ReadableChange, type ReadableValue } from '../core/readable-changes';
import { AUDIT_TEXTS } from './audit-texts';
import { dateText, dateTimeText, type ReportLanguage } from './cells';
import type { DateFormat } from './parameters';

/**
 * An audit entry's changes as the audit reports write them (issue 34 sections 2.4 and 2.11):
 * one line per changed field, the field by its form's label, old and new values as the history
 * tabs write them (frontend/src/components/history/useDescribeChange.ts), in the reader's
 * language, date format and the report's zone: names for ids, choices by their labels, never
 * a raw id where the name is known nor a raw ISO instant. The report is written on the server
 * (PDF, CSV), so the words are AUDIT_TEXTS', not the web app's.
 */

export interface AuditReader {
  readonly language: ReportLanguage;
  readonly dateFormat: DateFormat;
  /** The report's zone: instants inside values are written in it. */
  readonly timeZone: string;
}

/** One changed field as a report row holds it; null: nothing (a created field has no old value). */
export interface AuditChangeLine {
  readonly field: string;
  readonly oldValue: string | null;
  readonly newValue: string | null;
}

/**
 * Who writes audit entries without being a person (their `actor.userId`): the alarm engine's
 * transitions (lambdas/alarm-engine/engine.ts ALARM_ENGINE_CALLER), the lock on a phone's text
 * replies (lambdas/data/entities/sms-reply-guard.ts), the local device simulator and demo. Their
 * changes are the Portal Audit's `systemChanges`, apart from people's.
 */
export const SYSTEM_ACTORS: Readonly<Record<string, Readonly<Record<ReportLanguage, string>>>> = {
  'alarm-engine': { en: 'Alarm engine', fr: 'Moteur d’alarmes', es: 'Motor de alarmas' },
  'sms-reply-guard': { en: 'Text reply lock', fr: 'Verrou des réponses SMS', es: 'Bloqueo de respuestas SMS' },
  simulator: { en: 'Device simulator', fr: 'Simulateur d’appareils', es: 'Simulador de dispositivos' },
  // The local demo's seeding (local/demo-devices.ts, local/demo-haccp.ts).
  seed: { en: 'Demo data', fr: 'Données de démonstration', es: 'Datos de demostración' },
};

/** The system's name when the actor is not a person, else undefined. */
export function systemActorName(userId: string, language: ReportLanguage): string | undefined {
  return Object.hasOwn(SYSTEM_ACTORS, userId) ? SYSTEM_ACTORS[userId]?.[language] : undefined;
}

/**
 * A person of the organisation as the audit reports name them. An entry's actor is the identity
 * service's user id (not the account's), so people are found by their email, which both hold.
 */
export interface ReportPerson {
  readonly accountId: string;
  readonly email: string;
  /** "First Last", or the email (userDisplayName). */
  readonly name: string;
}

/** The people by their email (lower case): how an entry's actor is found among them. */
export function peopleByEmail(people: readonly ReportPerson[]): ReadonlyMap<string, ReportPerson> {
  return new Map(people.map((person) => [person.email.toLowerCase(), person]));
}

/** Who made an entry: the system's name, the person's name, else the email the entry holds. */
export function actorName(actor: { userId: string; email: string }, people: ReadonlyMap<string, ReportPerson>, language: ReportLanguage): string {
  return systemActorName(actor.userId, language) ?? people.get(actor.email.toLowerCase())?.name ?? actor.email;
}

/** Whether an entry's actor is one of the chosen people (their account ids) or systems (their ids); every actor when none is chosen. */
export function actorFilter(chosenIds: readonly string[] | undefined, people: readonly ReportPerson[]): (actor: { userId: string; email: string }) => boolean {
  if (chosenIds === undefined || chosenIds.length === 0) return () => true;
  const ids = new Set(chosenIds);
  const emails = new Set(people.filter((person) => ids.has(person.accountId)).map((person) => person.email.toLowerCase()));
  return (actor) => ids.has(actor.userId) || emails.has(actor.email.toLowerCase());
}

/** The form whose labels name an entity type's fields, for the types readable-changes does not describe field by field. */
const FORM_OF_ENTITY: Readonly<Record<string, string>> = {
  LOCATION: 'locations',
  SITE: 'sites',
  DATALOGGINGPROFILE: 'dataLoggingProfiles',
  ALARMPROFILE: 'alarmProfiles',
  NOTIFICATIONGROUP: 'notificationGroups',
  NOTIFICATIONTEMPLATE: 'notificationTemplates',
  CHECKLIST: 'haccpChecklists',
  SHIFT: 'haccpShifts',
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

const textOf = (language: ReportLanguage, key: string): string | undefined => AUDIT_TEXTS[language][key];

/** A key's text with its `{{placeholders}}` filled in (the catalogues' interpolation). */
function filled(language: ReportLanguage, key: string, values: Readonly<Record<string, string | number>>): string {
  const template = textOf(language, key) ?? key;
  return template.replace(/{{\s*(\w+)\s*}}/g, (_match, name: string) => String(values[name] ?? ''));
}

/** A label or choice key's text; an unknown one reads as its last part, as the web app writes it. */
const keyText = (language: ReportLanguage, key: string): string => textOf(language, key) ?? key.slice(key.lastIndexOf('.') + 1);

/** "acknowledgedAt" → "Acknowledged at": the last resort for a field no form labels. */
function fieldWords(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[._-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An entity type as the report names it ("Sensor", "Capteur"). */
export function recordKindText(entityType: string, language: ReportLanguage): string {
  return textOf(language, `portalAudit.entityTypes.${entityType}`) ?? fieldWords(entityType);
}

/** A date-time or day written in the reader's format and the report's zone. */
function instantText(value: string, reader: AuditReader): string {
  if (ISO_DAY.test(value)) return dateText(value, reader.dateFormat);
  return dateTimeText(value, reader);
}

const numberFormats = new Map<ReportLanguage, Intl.NumberFormat>();
/** A changed number as it was entered (coordinates have six decimals), in the reader's digits. */
function numberText(value: number, language: ReportLanguage): string {
  let format = numberFormats.get(language);
  if (format === undefined) {
    format = new Intl.NumberFormat(language, { maximumFractionDigits: 6, useGrouping: false });
    numberFormats.set(language, format);
  }
  return format.format(value);
}

/** One side of a change as a person reads it; null for nothing. */
export function valueText(value: ReadableValue | undefined, reader: AuditReader): string | null {
  if (value === undefined) return null;
  const { language } = reader;
  switch (value.kind) {
    // A field no form describes may still hold an instant: written as one, never raw.
    case 'text': return ISO_INSTANT.test(value.text) || ISO_DAY.test(value.text) ? instantText(value.text, reader) : value.text;
    case 'number': return numberText(value.value, language);
    case 'yesNo': return keyText(language, value.value ? 'history.values.yes' : 'history.values.no');
    case 'dateTime': return instantText(value.at, reader);
    case 'choice': return keyText(language, value.labelKey);
    case 'names': return value.items.map((item) => item.name ?? item.id).join(', ');
    case 'count': return numberText(value.count, language);
    case 'set': return keyText(language, 'history.values.set');
    case 'position': return filled(language, 'history.values.position', { latitude: numberText(value.latitude, language), longitude: numberText(value.longitude, language) });
    case 'disable': return value.enableOn === undefined
      ? filled(language, 'history.values.disable', { reason: value.reason })
      : filled(language, 'history.values.disableUntil', { reason: value.reason, at: instantText(value.enableOn, reader) });
    case 'scheduledChanges': return value.changes.map((change) => {
      const at = instantText(change.at, reader);
      if (change.action === 'enable') return filled(language, 'history.values.scheduledEnable', { at });
      return change.reason === undefined
        ? filled(language, 'history.values.scheduledDisable', { at })
        : filled(language, 'history.values.scheduledDisableWithReason', { at, reason: change.reason });
    }).join('; ');
    case 'channels': return value.channels.map((channel) => {
      const sensorType = keyText(language, channel.sensorTypeKey);
      const type = channel.subTypeKey === undefined ? sensorType : filled(language, 'history.values.typeWithSubType', { type: sensorType, subType: keyText(language, channel.subTypeKey) });
      return channel.profile === undefined
        ? filled(language, 'history.values.channel', { channel: channel.channel, type })
        : filled(language, 'history.values.channelWithProfile', { channel: channel.channel, type, profile: channel.profile.name ?? channel.profile.id });
    }).join('; ');
  }
}

/**
 * A changed field's name: its form's label; a field readable-changes does not know by the label
 * its entity's form gives it, else the audit's own label of it, else its own words (never
 * "Other details").
 */
function fieldText(entityType: string, change: ReadableChange, language: ReportLanguage): string {
  if (change.labelKey !== OTHER_FIELD_LABEL) return keyText(language, change.labelKey);
  const form = FORM_OF_ENTITY[entityType];
  return (form === undefined ? undefined : textOf(language, `${form}.fields.${change.field}`))
    ?? textOf(language, `portalAudit.fields.${change.field}`)
    ?? fieldWords(change.field);
}

/**
 * An entry's lines, one per changed field in the form's order. An entry that changed no field a
 * person sees (a deletion, a record made empty) is one line naming what was done ("Deleted").
 */
export function auditChangeLines(entityType: string, entry: Pick<HistoryEntry, 'action' | 'changes' | 'names'>, reader: AuditReader): AuditChangeLine[] {
  const lines = readableChanges(entityType, entry.changes, entry.names).map((change) => ({
    field: fieldText(entityType, change, reader.language),
    oldValue: valueText(change.before, reader),
    newValue: valueText(change.after, reader),
  }));
  if (lines.length > 0) return lines;
  return [{ field: keyText(reader.language, `devices.history.actions.${entry.action}`), oldValue: null, newValue: null }];
}

/** The reason an entry gives: a disable's (its own field). */
export function auditReason(entry: Pick<HistoryEntry, 'changes'>): string | null {
  const disable = entry.changes.find((change) => change.field === 'disable')?.after;
  if (typeof disable !== 'object' || disable === null) return null;
  const reason = (disable as Record<string, unknown>)['reason'];
  return typeof reason === 'string' && reason !== '' ? reason : null;
}
