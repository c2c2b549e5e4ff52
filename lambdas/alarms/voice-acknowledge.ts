import { isRole } from '@domain/identity/roles';
import { deliveryRefOf, readDelivery, readDeliveryRecipient, type DataTable } from '../data';
import { AlarmStore } from '../data/repositories/alarms';

/**
 * An alarm acknowledged by a key press on its voice call (issue 14 section 4, IVR): the call
 * carries the delivery it is (its provider's context: organisation, alarm, delivery key); "1"
 * acknowledges the alarm as its recipient, with the reason "Acknowledged by phone" and their
 * name, the same acknowledgement as the portal's (it stops the escalation). Anything that does
 * not name a voice call of that organisation's alarm, sent to a user with IVR, does nothing.
 */

export const PHONE_ACKNOWLEDGE_DIGIT = '1';
export const PHONE_ACKNOWLEDGE_REASON = 'Acknowledged by phone';

export type VoiceKeyOutcome = 'acknowledged' | 'already' | 'ignored';

export async function acknowledgeByVoice(
  deps: { client: DataTable['client']; tableName: string; clock?: () => Date },
  context: Readonly<Record<string, string | undefined>>,
  digit: string,
): Promise<VoiceKeyOutcome> {
  const customerId = context['customerId'] ?? '';
  const ref = customerId === '' ? undefined : deliveryRefOf(customerId, context['delivery'] ?? '');
  if (digit !== PHONE_ACKNOWLEDGE_DIGIT || ref === undefined || ref.alarmId !== context['alarmId'] || ref.channel !== 'voice') return 'ignored';
  const delivery = await readDelivery(deps.client, deps.tableName, ref);
  if (delivery === undefined) return 'ignored';
  if (delivery.status !== 'sent') return 'ignored';
  const account = await readDeliveryRecipient(deps.client, deps.tableName, { customerId, accountId: delivery.accountId });
  if (account === undefined || account.enableIVR !== true || account.isActive === false || account.role === undefined || !isRole(account.role)) return 'ignored';
  const alarms = new AlarmStore(deps.client, deps.tableName, deps.clock);
  const alarm = await alarms.find(customerId, ref.alarmId);
  if (alarm === undefined) return 'ignored';
  if (alarm.acknowledgedAt !== undefined) return 'already';
  const name = [account.firstName, account.lastName].filter((part) => part !== undefined && part !== '').join(' ') || account.email;
  await alarms.acknowledge(
    { userId: account.accountId, email: account.email, role: account.role, customerId, accountId: account.accountId, isPortalLogin: false, tokenId: `voice:${delivery.providerMessageId ?? ''}` },
    customerId, alarm, { reason: `${PHONE_ACKNOWLEDGE_REASON}: ${name}` },
  );
  return 'acknowledged';
}
