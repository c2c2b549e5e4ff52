import { catalogueNames } from '../core/catalogue';
import type { SensorType } from '../devices/device-catalogue';

/**
 * The catalogue of alarm types (issue 33 section 3): for each type, what raises it (the profile
 * type that turns it on, or a HACCP checklist), how the engine judges it, how its value and
 * limit read in messages and in the web app, whether a person acknowledges it, and its name's
 * key in the web app's catalogues. The engine (engine.ts), the messages (message-values.ts,
 * templates.ts, whose wording is keyed by type) and the web app (frontend/src/features/alarms)
 * read it. docs/adding-an-alarm-type.md says what to add where.
 */

/** SPEC section 3: the profile types, in its order (the profile form's). */
export const ALARM_PROFILE_TYPES = ['inactivity', 'lowBattery', 'alarmTriggered', 'outOfRange', 'stateChange', 'tamper', 'probeMissing'] as const;
export type AlarmProfileType = (typeof ALARM_PROFILE_TYPES)[number];

/**
 * What the engine judges a type on: a channel's readings against the profile's limits; the
 * channels of one sensor type (their state, or their silence within a reading); the battery;
 * the clock (a device's silence); a checklist's answers and times (domain/haccp/notices.ts);
 * nothing yet (no device reports tampering: the type is the profile's and the messages').
 */
export type AlarmJudgement =
  | { readonly on: 'limits' }
  | { readonly on: 'channels'; readonly sensorType: SensorType }
  | { readonly on: 'battery' }
  | { readonly on: 'clock' }
  | { readonly on: 'checklist' }
  | { readonly on: 'nothing' };

export interface AlarmTypeEntry {
  /** The profile type that turns it on; absent: a checklist raises it. */
  readonly profileType?: AlarmProfileType;
  readonly judged: AlarmJudgement;
  /**
   * How its value reads (messages' `{value}`, the alarm list): a measurement in the user's unit
   * (°C or °F, %RH), a battery's percent, a door's state label; none: it has no value.
   */
  readonly value: 'measurement' | 'percent' | 'state' | 'none';
  /** The limit its messages name (`{limit}`): the profile's minimum or maximum, its battery threshold, or none. */
  readonly limit: 'profileLimits' | 'batteryThreshold' | 'none';
  /** A person acknowledges it. False: only a message (nothing to acknowledge, never listed, headed as a reminder). */
  readonly acknowledged: boolean;
  /** Its name in the web app (frontend/src/i18n/{en,fr,es}.json). */
  readonly labelKey: `alarms.types.${string}`;
}

/** SPEC section 4: the alarm types (tamper from the profile types); then a HACCP checklist's (issue 15 section 3). */
export const ALARM_TYPE_CATALOGUE = {
  threshold: { profileType: 'outOfRange', judged: { on: 'limits' }, value: 'measurement', limit: 'profileLimits', acknowledged: true, labelKey: 'alarms.types.threshold' },
  contact: { profileType: 'stateChange', judged: { on: 'channels', sensorType: 'contact' }, value: 'state', limit: 'none', acknowledged: true, labelKey: 'alarms.types.contact' },
  probeMissing: { profileType: 'probeMissing', judged: { on: 'channels', sensorType: 'probe' }, value: 'none', limit: 'none', acknowledged: true, labelKey: 'alarms.types.probeMissing' },
  inactivity: { profileType: 'inactivity', judged: { on: 'clock' }, value: 'none', limit: 'none', acknowledged: true, labelKey: 'alarms.types.inactivity' },
  battery: { profileType: 'lowBattery', judged: { on: 'battery' }, value: 'percent', limit: 'batteryThreshold', acknowledged: true, labelKey: 'alarms.types.battery' },
  tamper: { profileType: 'tamper', judged: { on: 'nothing' }, value: 'none', limit: 'none', acknowledged: true, labelKey: 'alarms.types.tamper' },
  /** An out-of-limits answer. */
  checklistException: { judged: { on: 'checklist' }, value: 'none', limit: 'none', acknowledged: true, labelKey: 'alarms.types.checklistException' },
  /** A checklist not completed by its missed time. */
  checklistMissed: { judged: { on: 'checklist' }, value: 'none', limit: 'none', acknowledged: true, labelKey: 'alarms.types.checklistMissed' },
  /** The remind-at reminder: no alarm, but it goes out through the same outbox. */
  checklistReminder: { judged: { on: 'checklist' }, value: 'none', limit: 'none', acknowledged: false, labelKey: 'alarms.types.checklistReminder' },
} as const satisfies Record<string, AlarmTypeEntry>;

type Catalogue = typeof ALARM_TYPE_CATALOGUE;
export type AlarmType = keyof Catalogue;
export const ALARM_TYPES = catalogueNames(ALARM_TYPE_CATALOGUE);

/** The entry of a type, widened to the entry's shape (for fields some entries leave out). */
export const alarmTypeEntry = (type: AlarmType): AlarmTypeEntry => ALARM_TYPE_CATALOGUE[type];

/** The types a checklist raises (docs/data-model.md "Alarms": device kind `checklist`). */
export type ChecklistAlarmType = { [Type in AlarmType]: Catalogue[Type]['judged']['on'] extends 'checklist' ? Type : never }[AlarmType];
export const CHECKLIST_ALARM_TYPES = ALARM_TYPES.filter((type): type is ChecklistAlarmType => ALARM_TYPE_CATALOGUE[type].judged.on === 'checklist');

/** The types the alarm list, its filter and the dashboard show: a type nobody acknowledges is only a message. */
export const LISTED_ALARM_TYPES = ALARM_TYPES.filter((type) => ALARM_TYPE_CATALOGUE[type].acknowledged);

/** Whether a profile's types turn the alarm type on. */
export const profileRaises = (profileTypes: readonly AlarmProfileType[], type: AlarmType): boolean => {
  const { profileType } = alarmTypeEntry(type);
  return profileType !== undefined && profileTypes.includes(profileType);
};

/** The types the engine judges on the channels of one sensor type (their state, or their silence), in the catalogue's order. */
export type ChannelJudgedAlarmType = { [Type in AlarmType]: Catalogue[Type]['judged']['on'] extends 'channels' ? Type : never }[AlarmType];
export const CHANNEL_JUDGED_ALARM_TYPES = ALARM_TYPES.filter((type): type is ChannelJudgedAlarmType => ALARM_TYPE_CATALOGUE[type].judged.on === 'channels');
