import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useSWRConfig } from 'swr';
import { isHaccpKey } from '../../../api/haccp';
import { useCurrentUser } from '../../../session/useAuth';
import { loadQueue, onSent, ownEntries, queueSnapshot, startQueue, subscribeQueue, type QueuedItem } from './answerQueue';

/** The signed-in user's answers kept on the device, as they change; starts sending them. */
export function useAnswerQueue(): readonly QueuedItem[] {
  const { mutate } = useSWRConfig();
  const user = useCurrentUser();
  const account = user.accountId ?? user.email;
  useEffect(() => {
    loadQueue().catch((error: unknown) => console.error('The answers kept on this device could not be read', error));
    startQueue(account);
    // What reached the API shows as the API has it (state, counts) once sent.
    return onSent(() => void mutate(isHaccpKey));
  }, [mutate, account]);
  const items = useSyncExternalStore(subscribeQueue, queueSnapshot, queueSnapshot);
  return useMemo(() => ownEntries(items, account), [items, account]);
}
