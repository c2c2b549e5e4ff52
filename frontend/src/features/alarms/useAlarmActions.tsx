import { useCallback, useState, type ReactNode } from 'react';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import type { Acknowledgement, Alarm } from '@domain/alarms/alarm';
import { acknowledgeAlarm, acknowledgeAlarms, isAlarmKey, snoozeAlarm } from '../../api/alarms';
import { ApiError } from '../../api/ApiError';
import { useErrorText } from '../../components/useErrorText';
import { useDateTime } from '../../i18n/useDateTime';
import { AcknowledgeDialog } from './AcknowledgeDialog';
import { SnoozeDialog } from './SnoozeDialog';

/**
 * Acknowledging (one alarm or several) and snoozing, each through its dialog, with their toasts: every alarm list, the
 * summary and the alarm itself are asked again after each, so what moved to history leaves
 * the active list at once.
 */
export function useAlarmActions(afterAcknowledge?: (acknowledgedIds: readonly string[]) => void): {
  acknowledge(ids: readonly string[]): void;
  snooze(alarm: Alarm): void;
  dialog: ReactNode;
} {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const errorText = useErrorText();
  const dateTime = useDateTime();
  const { mutate } = useSWRConfig();
  const [ids, setIds] = useState<readonly string[] | null>(null);
  const [snoozing, setSnoozing] = useState<Alarm | null>(null);

  const refresh = useCallback(() => mutate(isAlarmKey), [mutate]);

  const send = async (acknowledgement: Acknowledgement) => {
    if (ids === null) return;
    try {
      if (ids.length === 1 && ids[0] !== undefined) {
        await acknowledgeAlarm(ids[0], acknowledgement);
        enqueueSnackbar(t('alarms.acknowledge.done'), { variant: 'success' });
        afterAcknowledge?.(ids);
      } else {
        const result = await acknowledgeAlarms(ids, acknowledgement);
        if (result.acknowledged.length > 0) enqueueSnackbar(t('alarms.acknowledge.doneMany', { count: result.acknowledged.length }), { variant: 'success' });
        if (result.refused.length > 0) {
          // Translated by each refusal's code (the message is the API's English words, shown only for a code the catalogue lacks).
          const reasons = [...new Set(result.refused.map((refusal) => errorText(new ApiError(409, refusal.message, { code: refusal.code }))))].join(' ');
          enqueueSnackbar(t('alarms.acknowledge.refused', { count: result.refused.length, reasons }), { variant: 'warning' });
        }
        afterAcknowledge?.(result.acknowledged.map((alarm) => alarm.id));
      }
      setIds(null);
    } catch (failure) {
      enqueueSnackbar(errorText(failure), { variant: 'error' });
      throw failure;
    } finally {
      await refresh();
    }
  };

  const snooze = async (alarm: Alarm) => {
    try {
      const snoozed = await snoozeAlarm(alarm.id);
      enqueueSnackbar(t('alarms.snoozed', { time: dateTime(snoozed.snoozedUntil) }), { variant: 'success' });
      setSnoozing(null);
    } catch (failure) {
      enqueueSnackbar(errorText(failure), { variant: 'error' });
      throw failure;
    } finally {
      await refresh();
    }
  };

  return {
    acknowledge: setIds,
    snooze: setSnoozing,
    dialog: (
      <>
        {ids !== null && <AcknowledgeDialog count={ids.length} onAcknowledge={send} onClose={() => setIds(null)} />}
        {snoozing !== null && <SnoozeDialog alarm={snoozing} onSnooze={() => snooze(snoozing)} onClose={() => setSnoozing(null)} />}
      </>
    ),
  };
}
