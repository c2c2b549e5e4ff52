import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Alarm } from '@domain/alarms/alarm';
import { useAlarmProfiles } from '../../api/alarmProfiles';
import { useClientState } from '../../session/clientState';
import { useLanguage } from '../../i18n/useLanguage';
import { alarmValueText } from './alarmPresentation';

export type AlarmValueText = (alarm: Pick<Alarm, 'type' | 'profileId'>, value: number | null | undefined) => string;

/** An alarm's values in the user's unit, an out-of-range one by what its profile measures (the profiles as the page already asks for them). */
export function useAlarmValueText(): AlarmValueText {
  const { t } = useTranslation();
  const { uom } = useClientState();
  const language = useLanguage();
  const profiles = useAlarmProfiles();
  const open = t('devices.contactDefaults.open');
  const close = t('devices.contactDefaults.close');
  return useCallback<AlarmValueText>((alarm, value) => {
    const profile = alarm.profileId === undefined ? undefined : profiles.data?.find((candidate) => candidate.id === alarm.profileId);
    return alarmValueText(alarm, value, { uom, language, measurement: profile?.measurement, contactLabels: { open, close } });
  }, [close, language, open, profiles.data, uom]);
}
