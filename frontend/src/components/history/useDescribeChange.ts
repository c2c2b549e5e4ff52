import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { ReadableChange, ReadableValue } from '@domain/core/readable-changes';
import { useFormatters } from '../../i18n/formatters';
import { useUserDateTime } from '../../i18n/userDateTime';

/** Nothing, as a history line shows it. */
export const NO_VALUE = '–';

/** A changed number as it was entered (coordinates have six decimals), in the user's digits. */
const HISTORY_NUMBER: Intl.NumberFormatOptions = { maximumFractionDigits: 6 };

/** A catalogue key the domain names at run time (labels and choices); an unknown one reads as itself. */
type DynamicKey = 'history.fields.other';
const translated = (t: TFunction, key: string) => t(key as DynamicKey, { defaultValue: key.slice(key.lastIndexOf('.') + 1) });

/**
 * Turns the domain's readable changes (domain/core/readable-changes.ts) into the line a person
 * reads, "Gateway: Kitchen Gateway → Back of House LoRa": the form's label and the values in
 * the user's language, numbers and dates in their format, names for ids.
 */
export function useDescribeChange(): (change: ReadableChange) => string {
  const { t } = useTranslation();
  const formatters = useFormatters();
  const dateTime = useUserDateTime();

  const valueText = useCallback((value: ReadableValue | undefined): string => {
    if (value === undefined) return NO_VALUE;
    const number = (n: number) => formatters.number(n, HISTORY_NUMBER);
    switch (value.kind) {
      case 'text': return value.text;
      case 'number': return number(value.value);
      case 'yesNo': return t(value.value ? 'history.values.yes' : 'history.values.no');
      case 'dateTime': return dateTime(value.at) || value.at;
      case 'choice': return translated(t, value.labelKey);
      case 'names': return value.items.map((item) => item.name ?? item.id).join(', ');
      case 'count': return number(value.count);
      case 'set': return t('history.values.set');
      case 'position': return t('history.values.position', { latitude: number(value.latitude), longitude: number(value.longitude) });
      case 'disable': return value.enableOn === undefined
        ? t('history.values.disable', { reason: value.reason })
        : t('history.values.disableUntil', { reason: value.reason, at: dateTime(value.enableOn) });
      case 'scheduledChanges': return value.changes.map((change) => {
        if (change.action === 'enable') return t('history.values.scheduledEnable', { at: dateTime(change.at) });
        return change.reason === undefined
          ? t('history.values.scheduledDisable', { at: dateTime(change.at) })
          : t('history.values.scheduledDisableWithReason', { at: dateTime(change.at), reason: change.reason });
      }).join('; ');
      case 'channels': return value.channels.map((channel) => {
        const sensorType = translated(t, channel.sensorTypeKey);
        const type = channel.subTypeKey === undefined ? sensorType : t('history.values.typeWithSubType', { type: sensorType, subType: translated(t, channel.subTypeKey) });
        return channel.profile === undefined
          ? t('history.values.channel', { channel: channel.channel, type })
          : t('history.values.channelWithProfile', { channel: channel.channel, type, profile: channel.profile.name ?? channel.profile.id });
      }).join('; ');
    }
  }, [dateTime, formatters, t]);

  return useCallback((change: ReadableChange) => t('history.change', {
    label: translated(t, change.labelKey),
    before: valueText(change.before),
    after: valueText(change.after),
  }), [t, valueText]);
}
