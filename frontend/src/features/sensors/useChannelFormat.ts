import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sensor } from '@domain/devices/sensor';
import { useClientState } from '../../session/clientState';
import { useLanguage } from '../../i18n/useLanguage';
import type { ChannelFormat } from '../../i18n/readingUnits';

/** A sensor's contact labels, as far as a page knows them (its own, else none). */
export type LabelledSensor = Partial<Pick<Sensor, 'openLabel' | 'closeLabel'>>;

/**
 * How this user reads a sensor's values (`formatChannelValue`): their unit of measure and
 * language, and the sensor's own open and close labels, else the defaults in their language.
 */
export function useChannelFormat(): (sensor?: LabelledSensor) => ChannelFormat {
  const { t } = useTranslation();
  const { uom } = useClientState();
  const language = useLanguage();
  return useCallback((sensor?: LabelledSensor) => ({
    uom,
    language,
    labels: { open: sensor?.openLabel ?? t('devices.contactDefaults.open'), close: sensor?.closeLabel ?? t('devices.contactDefaults.close') },
  }), [language, t, uom]);
}
