import type { Alarm } from '../alarms/alarm';
import { toFahrenheit, type AlarmProfile } from '../alarms/alarm-profile';
import { ALARM_TYPE_CATALOGUE } from '../alarms/alarm-types';
import { formatInZone, type TemplateLanguage, type TemplateValues } from './templates';

/**
 * The values a notification's template is filled with (issue 14 section 3: device, site, value,
 * limit, time in the site's zone, link), from the alarm and its profile, in the recipient's
 * language. Readings and a profile's limits are stored in °C and %RH; a temperature is shown in
 * the recipient's unit of measure, the value and the limit alike.
 */

const numberText = (value: number, language: TemplateLanguage) =>
  new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value);

/** A stored value as the message shows it (°C or °F by the profile's unit, %RH, a battery's %). */
function measured(value: number, type: Alarm['type'], profile: Pick<AlarmProfile, 'measurement'> | undefined, uom: 'C' | 'F', language: TemplateLanguage): string {
  if (ALARM_TYPE_CATALOGUE[type].value === 'percent') return `${numberText(value, language)} %`;
  if (profile?.measurement === 'humidity') return `${numberText(value, language)} %RH`;
  return uom === 'F' ? `${numberText(toFahrenheit(value), language)} °F` : `${numberText(value, language)} °C`;
}

/** The limit the value crossed: the maximum when above it, the minimum when below. */
function limitOf(alarm: Pick<Alarm, 'type' | 'worstValue'>, profile: AlarmProfile | undefined, uom: 'C' | 'F', language: TemplateLanguage): string {
  if (profile === undefined) return '';
  const { limit } = ALARM_TYPE_CATALOGUE[alarm.type];
  if (limit === 'batteryThreshold') return profile.batteryThresholdPercent === undefined ? '' : `${numberText(profile.batteryThresholdPercent, language)} %`;
  if (limit !== 'profileLimits' || profile.min === undefined || profile.max === undefined) return '';
  const worst = alarm.worstValue;
  return measured(worst !== null && worst < profile.min ? profile.min : profile.max, alarm.type, profile, uom, language);
}

export interface MessageContext {
  alarm: Alarm;
  profile: AlarmProfile | undefined;
  siteName: string;
  timeZone: string;
  language: TemplateLanguage;
  /** The recipient's unit of measure. */
  uom: 'C' | 'F';
  /** The alarm's page in the portal. */
  link: string;
  /** The storm rule's line ("12 more alarms at Main Kitchen"), '' when none. */
  more: string;
  kind: 'alarm' | 'reminder' | 'normal';
}

export function messageValues(context: MessageContext): TemplateValues {
  const { alarm, profile, language, uom } = context;
  const value = context.kind === 'normal' ? alarm.lastValue : alarm.worstValue ?? alarm.lastValue;
  const time = context.kind === 'normal' && alarm.clearedAt !== undefined ? Date.parse(alarm.clearedAt) : Date.parse(alarm.startedAt);
  return {
    device: alarm.deviceName || alarm.deviceId,
    site: context.siteName,
    value: value === null ? '' : measured(value, alarm.type, profile, uom, language),
    limit: limitOf(alarm, profile, uom, language),
    time: formatInZone(time, context.timeZone, language),
    link: context.link,
    code: '',
    more: context.more,
  };
}
