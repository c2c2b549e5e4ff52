import * as z from 'zod';

/**
 * An audit entry's changes as a person would read them (issue 17 item 10): each changed field
 * by its form's label (a catalogue key), ids as the names of what they name, arrays and
 * objects described field by field, bookkeeping left out. The same structured changes serve
 * the history tabs and the Portal Audit report; the browser renders them in the user's
 * language (frontend/src/components/history/describeChange.ts).
 */

/** Kinds of records an audit entry names by id; the API resolves them to names. */
export const NAMED_KINDS = ['location', 'site', 'gateway', 'alarmProfile', 'notificationGroup', 'dataLoggingProfile', 'department', 'division'] as const;
export type NamedKind = (typeof NAMED_KINDS)[number];

export interface NamedReference {
  kind: NamedKind;
  id: string;
}

/** The names the API resolved for an entry's ids, by `namedReferenceKey`. */
export const recordNamesSchema = z.record(z.string(), z.string());
export type RecordNames = z.infer<typeof recordNamesSchema>;

export const namedReferenceKey = (reference: NamedReference): string => `${reference.kind}:${reference.id}`;

/**
 * One entry of a record's history as the API sends it (the history tabs; later the Portal
 * Audit): who, when, what, the changes as stored, and the names of the records they name by id.
 * JSON has no undefined, so a created field comes without `before` and a removed one without `after`.
 */
export const historyEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ userId: z.string(), email: z.string(), role: z.string() }),
  action: z.enum(['create', 'update', 'delete']),
  /** What kind of change an update was, where a store says (disable, equipment, ...). */
  summary: z.string().optional(),
  changes: z.array(z.object({ field: z.string(), before: z.unknown().optional(), after: z.unknown().optional() })),
  names: recordNamesSchema.optional(),
  /**
   * Written during a proxy session (issue 16 section 3): who really acted for the organisation
   * (`actor` is then the organisation's administrator they acted as) and the session.
   */
  proxy: z.object({ actorEmail: z.string(), sessionId: z.string() }).optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export const historyPageSchema = z.object({ items: z.array(historyEntrySchema), nextCursor: z.string().optional() });

/** A record an entry names: its id, and its name when it still exists. */
export interface NamedValue {
  id: string;
  name?: string;
}

export interface ReadableChannel {
  channel: number;
  /** Catalogue keys of the channel's type and sub-type. */
  sensorTypeKey: string;
  subTypeKey?: string;
  profile?: NamedValue;
}

/** One side of a change, described rather than raw. */
export type ReadableValue =
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number }
  | { kind: 'yesNo'; value: boolean }
  | { kind: 'dateTime'; at: string }
  | { kind: 'choice'; labelKey: string }
  | { kind: 'names'; items: NamedValue[] }
  | { kind: 'channels'; channels: ReadableChannel[] }
  | { kind: 'position'; latitude: number; longitude: number }
  | { kind: 'disable'; reason: string; enableOn?: string }
  | { kind: 'scheduledChanges'; changes: { action: 'disable' | 'enable'; at: string; reason?: string }[] }
  | { kind: 'count'; count: number }
  /** A value this module does not know how to describe: said to be there, never shown raw. */
  | { kind: 'set' };

/** A changed field: its label's catalogue key, and what it was and became (absent: nothing). */
export interface ReadableChange {
  field: string;
  labelKey: string;
  before?: ReadableValue;
  after?: ReadableValue;
}

/** The label of a field this module does not know (the Portal Audit may meet new ones). */
export const OTHER_FIELD_LABEL = 'history.fields.other';

/** How a field's value reads. */
type ValueSpec =
  | { as: 'text' | 'number' | 'yesNo' | 'dateTime' | 'channels' | 'position' | 'disable' | 'scheduledChanges' | 'count' }
  /** A value out of a closed list: its label is `choices.<value>`. */
  | { as: 'choice'; choices: string }
  /** An id, or a list of ids, of a record of `kind`. */
  | { as: 'name'; kind: NamedKind };

type FieldSpec =
  | (ValueSpec & { label: string })
  /** An object whose fields are changes of their own (a sensor's equipment). */
  | { as: 'fields'; fields: Record<string, FieldSpec> };

/** Fields every record carries that no person changed, and the record's own keys. */
const BOOKKEEPING = new Set([
  'id', 'customerId', 'nameKey', 'type', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'version',
  'pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', '__edb_e__', '__edb_v__',
  // Counters and states others keep on the record.
  'noteCount', 'sensorCount', 'activity', 'live', 'registeredOn', 'lastReset',
]);

/**
 * A form's fields in the form's order: each labelled as the form labels it, `<form>.fields.<field>`,
 * unless it names another label (a field the form shows under another heading, or not at all).
 */
function formFields(form: string, fields: Record<string, (ValueSpec & { label?: string }) | Extract<FieldSpec, { as: 'fields' }>>): Record<string, FieldSpec> {
  return Object.fromEntries(Object.entries(fields).map(([field, spec]): [string, FieldSpec] =>
    [field, spec.as === 'fields' ? spec : { ...spec, label: spec.label ?? `${form}.fields.${field}` }]));
}

/** A command sent to a device (its own audit entry, issue 12's device commands): the commands form's label and the command's name. */
const DEVICE_COMMAND: FieldSpec = { label: 'devices.commands.command', as: 'choice', choices: 'devices.commands.names' };

const SENSOR_FIELDS = formFields('sensors', {
  name: { as: 'text' },
  description: { as: 'text' },
  deviceModel: { as: 'text' },
  monitoringType: { as: 'choice', choices: 'devices.monitoringTypes' },
  locationId: { as: 'name', kind: 'location' },
  siteId: { as: 'name', kind: 'site' },
  gatewayId: { as: 'name', kind: 'gateway' },
  alarmProfileId: { as: 'name', kind: 'alarmProfile' },
  deviceAlarmProfileId: { as: 'name', kind: 'alarmProfile' },
  notificationGroupIds: { as: 'name', kind: 'notificationGroup' },
  inactivityNotificationGroupIds: { as: 'name', kind: 'notificationGroup' },
  channels: { label: 'history.fields.channels', as: 'channels' },
  connectionType: { as: 'choice', choices: 'devices.connectionTypes' },
  externalSensorType: { as: 'choice', choices: 'devices.externalSensorTypes' },
  departmentId: { as: 'name', kind: 'department' },
  divisionId: { as: 'name', kind: 'division' },
  openLabel: { as: 'text' },
  closeLabel: { as: 'text' },
  command: DEVICE_COMMAND,
  deviceStatus: { label: 'sensors.columns.status', as: 'choice', choices: 'history.deviceStatuses' },
  disabled: { label: 'history.fields.disabled', as: 'yesNo' },
  disable: { label: 'history.fields.disable', as: 'disable' },
  scheduledChanges: { label: 'history.fields.scheduledChanges', as: 'scheduledChanges' },
  calibration: {
    as: 'fields',
    fields: {
      issueDate: { label: 'sensors.calibrations.issueDate', as: 'dateTime' },
      renewalDate: { label: 'sensors.calibrations.renewalDate', as: 'dateTime' },
    },
  },
  equipment: {
    as: 'fields',
    fields: {
      type: { label: 'sensors.equipment.type', as: 'choice', choices: 'sensors.equipment.types' },
      make: { label: 'sensors.equipment.make', as: 'text' },
      model: { label: 'sensors.equipment.model', as: 'text' },
      refrigerant: { label: 'sensors.equipment.refrigerant', as: 'text' },
    },
  },
});

const GATEWAY_FIELDS = formFields('gateways', {
  name: { as: 'text' },
  model: { as: 'text' },
  macId: { as: 'text' },
  eui: { as: 'text' },
  locationIds: { as: 'name', kind: 'location' },
  siteId: { as: 'name', kind: 'site' },
  alarmProfileId: { as: 'name', kind: 'alarmProfile' },
  notificationGroupId: { as: 'name', kind: 'notificationGroup' },
  notes: { as: 'text' },
  imageFileIds: { label: 'gateways.sections.images', as: 'count' },
  position: { as: 'position' },
  isActive: { as: 'yesNo' },
  command: DEVICE_COMMAND,
});

/** A user's entries that are not the user form's: the lock on their phone's text replies (lambdas/data/entities/sms-reply-guard.ts). */
const USER_FIELDS: Record<string, FieldSpec> = {
  smsRepliesBlockedUntil: { label: 'portalAudit.fields.smsRepliesBlockedUntil', as: 'dateTime' },
};

/** The fields each audited entity type is known by (its `EntityType`); others read as "other details". */
const FIELDS_BY_ENTITY: Record<string, Record<string, FieldSpec>> = {
  SENSOR: SENSOR_FIELDS,
  GATEWAY: GATEWAY_FIELDS,
  USER: USER_FIELDS,
};

/** A change as an audit entry holds it (JSON drops undefined, so either side may be absent). */
export interface AuditFieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
const idsOf = (value: unknown): string[] => (Array.isArray(value) ? value : [value]).filter((id): id is string => typeof id === 'string' && id !== '');

function named(kind: NamedKind, id: string, names: RecordNames): NamedValue {
  const name = names[namedReferenceKey({ kind, id })];
  return name === undefined ? { id } : { id, name };
}

function channelsOf(value: unknown, names: RecordNames): ReadableChannel[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((channel) => {
    const profileId = typeof channel['dataLoggingProfileId'] === 'string' ? channel['dataLoggingProfileId'] : undefined;
    const subType = typeof channel['sensorSubType'] === 'string' && channel['sensorSubType'] !== '' ? channel['sensorSubType'] : undefined;
    return {
      channel: Number(channel['channel']),
      sensorTypeKey: `devices.sensorTypes.${String(channel['sensorType'])}`,
      ...(subType === undefined ? {} : { subTypeKey: `devices.subTypes.${subType}` }),
      ...(profileId === undefined ? {} : { profile: named('dataLoggingProfile', profileId, names) }),
    };
  }).sort((a, b) => a.channel - b.channel);
}

/** A value of a field this module does not know: plain values as they are, the rest only said to be set. */
function otherValue(value: unknown): ReadableValue {
  if (typeof value === 'string') return { kind: 'text', text: value };
  if (typeof value === 'number') return { kind: 'number', value };
  if (typeof value === 'boolean') return { kind: 'yesNo', value };
  return { kind: 'set' };
}

function readableValue(spec: Exclude<FieldSpec, { as: 'fields' }>, value: unknown, names: RecordNames): ReadableValue | undefined {
  if (isEmpty(value)) return undefined;
  switch (spec.as) {
    case 'text': return typeof value === 'string' ? { kind: 'text', text: value } : otherValue(value);
    case 'number': return typeof value === 'number' ? { kind: 'number', value } : otherValue(value);
    case 'yesNo': return { kind: 'yesNo', value: value === true };
    case 'dateTime': return typeof value === 'string' ? { kind: 'dateTime', at: value } : otherValue(value);
    case 'choice': return { kind: 'choice', labelKey: `${spec.choices}.${String(value)}` };
    case 'name': return { kind: 'names', items: idsOf(value).map((id) => named(spec.kind, id, names)) };
    case 'count': return { kind: 'count', count: Array.isArray(value) ? value.length : 1 };
    case 'channels': return { kind: 'channels', channels: channelsOf(value, names) };
    case 'position': {
      if (!isRecord(value)) return otherValue(value);
      const latitude = Number(value['latitude']);
      const longitude = Number(value['longitude']);
      return Number.isFinite(latitude) && Number.isFinite(longitude) ? { kind: 'position', latitude, longitude } : { kind: 'set' };
    }
    case 'disable': {
      if (!isRecord(value)) return otherValue(value);
      const enableOn = typeof value['enableOn'] === 'string' ? value['enableOn'] : undefined;
      return { kind: 'disable', reason: String(value['reason'] ?? ''), ...(enableOn === undefined ? {} : { enableOn }) };
    }
    case 'scheduledChanges': {
      if (!Array.isArray(value)) return otherValue(value);
      return {
        kind: 'scheduledChanges',
        changes: value.filter(isRecord).map((change) => ({
          action: change['action'] === 'enable' ? 'enable' as const : 'disable' as const,
          at: String(change['at'] ?? ''),
          ...(typeof change['reason'] === 'string' && change['reason'] !== '' ? { reason: change['reason'] } : {}),
        })),
      };
    }
  }
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function changesOfField(field: string, spec: FieldSpec | undefined, before: unknown, after: unknown, names: RecordNames): ReadableChange[] {
  // Nothing to nothing (undefined to [] or ''): no change a person would see.
  if (isEmpty(before) && isEmpty(after)) return [];
  // A flag left off as the record was made (nothing to false): an unset flag reads as off already,
  // so a created record lists only what was set.
  if (isEmpty(before) && after === false) return [];
  if (spec === undefined) {
    return [{
      field,
      labelKey: OTHER_FIELD_LABEL,
      ...(isEmpty(before) ? {} : { before: otherValue(before) }),
      ...(isEmpty(after) ? {} : { after: otherValue(after) }),
    }];
  }
  if (spec.as === 'fields') {
    const beforeFields = isRecord(before) ? before : {};
    const afterFields = isRecord(after) ? after : {};
    const subFields = [...new Set([...Object.keys(beforeFields), ...Object.keys(afterFields)])].filter((name) => !BOOKKEEPING.has(name));
    return subFields
      .filter((name) => !sameValue(beforeFields[name], afterFields[name]))
      .flatMap((name) => changesOfField(`${field}.${name}`, spec.fields[name], beforeFields[name], afterFields[name], names));
  }
  const readableBefore = readableValue(spec, before, names);
  const readableAfter = readableValue(spec, after, names);
  // Stored differently but read the same (the keys of a channel in another order): no change to a person.
  if (sameValue(readableBefore, readableAfter)) return [];
  return [{ field, labelKey: spec.label, ...(readableBefore ? { before: readableBefore } : {}), ...(readableAfter ? { after: readableAfter } : {}) }];
}

/** The order a person expects: the form's order for known fields, other details last. */
function fieldOrder(specs: Record<string, FieldSpec>): (a: AuditFieldChange, b: AuditFieldChange) => number {
  const order = Object.keys(specs);
  const rank = (field: string) => {
    const index = order.indexOf(field);
    return index === -1 ? order.length : index;
  };
  return (a, b) => rank(a.field) - rank(b.field);
}

/**
 * An entry's changes for a person: bookkeeping left out, each field by its label key, ids
 * with the names `names` holds (an id whose record is gone keeps only its id), unknown
 * fields as "other details" without their raw values.
 */
export function readableChanges(entityType: string, changes: readonly AuditFieldChange[], names: RecordNames = {}): ReadableChange[] {
  const specs = FIELDS_BY_ENTITY[entityType] ?? {};
  return changes
    .filter((change) => !BOOKKEEPING.has(change.field))
    .sort(fieldOrder(specs))
    .flatMap((change) => changesOfField(change.field, specs[change.field], change.before, change.after, names));
}

/** The records an entry's changes name by id, each once: what the API reads names for in one batch. */
export function referencesOf(entityType: string, changes: readonly AuditFieldChange[]): NamedReference[] {
  const specs = FIELDS_BY_ENTITY[entityType] ?? {};
  const found = new Map<string, NamedReference>();
  const add = (kind: NamedKind, id: string) => found.set(namedReferenceKey({ kind, id }), { kind, id });
  for (const change of changes) {
    const spec = specs[change.field];
    for (const value of [change.before, change.after]) {
      if (spec?.as === 'name') for (const id of idsOf(value)) add(spec.kind, id);
      if (spec?.as === 'channels') for (const channel of channelsOf(value, {})) if (channel.profile) add('dataLoggingProfile', channel.profile.id);
    }
  }
  return [...found.values()];
}

/** The names of `names` an entry's changes need: what the API sends with each entry. */
export function namesFor(references: readonly NamedReference[], names: RecordNames): RecordNames {
  const picked: RecordNames = {};
  for (const reference of references) {
    const key = namedReferenceKey(reference);
    const name = names[key];
    if (name !== undefined) picked[key] = name;
  }
  return picked;
}
