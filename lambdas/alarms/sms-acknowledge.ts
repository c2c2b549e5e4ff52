import { DomainError } from '@domain/core/errors';
import { isRole } from '@domain/identity/roles';
import { phoneKeyOf, replyCodesIn, REPLY_BODY_MAX } from '@domain/notifications/reply-codes';
import {
  admitSmsReply, deliveryRefOf, giveBackSmsReplyCodes, isOpenReplyCode, readDelivery, readDeliveryRecipient, readSmsReplyCode, spendSmsReplyCode, type DataTable,
  type SmsReplyCode,
} from '../data';
import { AlarmStore } from '../data/repositories/alarms';

/**
 * An alarm acknowledged by a text back (issue 14 section 2: "a reply code to the SMS"): an
 * alarm's or reminder's text asked "Reply 482193 to acknowledge."; a reply from the phone it went
 * to that names a code open for that number acknowledges the alarm as the text's recipient, with
 * the reason "Acknowledged by text" and their name, the same acknowledgement as the portal's (it
 * stops the escalation). On AWS the reply comes from End User Messaging SMS's two-way channel
 * through an SNS topic (sms-reply-handler.ts); locally from the outbox's Reply. A reply naming
 * no open code of its number, for a text not sent, a recipient no longer active, or an alarm
 * already acknowledged does nothing. A code a reply used is spent: naming it again does nothing.
 *
 * Anyone able to send texts as the number can name codes, so the number's guard
 * (domain/notifications/reply-guard.ts) counts each code before it is looked up: after five
 * wrong codes in an hour the number is locked, its replies counted and not read, until an hour
 * passes without one; the organisations with a code open for it see the lock in their Portal
 * Audit. Codes that were sent to the number (right, spent or expired) are given back.
 */

export const TEXT_ACKNOWLEDGE_REASON = 'Acknowledged by text';

/** A text received on the portal's number: who sent it and what it says. */
export interface InboundText {
  originationNumber: string;
  messageBody: string;
  /** The provider's id of the inbound message (kept as the acknowledgement's token, for the trail). */
  inboundMessageId?: string;
}

/** `locked`: the number is locked (or became so with this reply's codes), nothing more of the reply was read. */
export type TextReplyOutcome = 'acknowledged' | 'already' | 'ignored' | 'locked';

type Deps = { client: DataTable['client']; tableName: string; clock?: () => Date };

/** Acknowledges the alarm the reply's first open code names, within the number's guard; says what became of it. */
export async function acknowledgeByText(deps: Deps, inbound: InboundText): Promise<TextReplyOutcome> {
  const phone = phoneKeyOf(inbound.originationNumber);
  if (phone === undefined) return 'ignored';
  const now = (deps.clock?.() ?? new Date()).getTime();
  const codes = replyCodesIn(inbound.messageBody.slice(0, REPLY_BODY_MAX));
  // Counted before any is looked up, so replies at once cannot try more than the limit between them.
  const admission = await admitSmsReply(deps.client, deps.tableName, phone, codes.length, now);
  let wrong = 0;
  let outcome: TextReplyOutcome = admission.verdict === 'open' ? 'ignored' : 'locked';
  try {
    for (const code of codes.slice(0, admission.admitted)) {
      const sent = await readSmsReplyCode(deps.client, deps.tableName, phone, code);
      if (sent === undefined) {
        wrong += 1;
        continue;
      }
      if (!isOpenReplyCode(sent, now)) continue;
      outcome = await acknowledgeOpen(deps, sent, phone, inbound);
      // Used: whatever came of it, a reply naming it again does nothing.
      await spendSmsReplyCode(deps.client, deps.tableName, phone, code, now);
      break;
    }
  } finally {
    // Only wrong codes count: the right ones, and those not looked up after one, are given back.
    await giveBackSmsReplyCodes(deps.client, deps.tableName, phone, now, admission.admitted - wrong);
  }
  return outcome;
}

async function acknowledgeOpen(deps: Deps, open: SmsReplyCode, phone: string, inbound: InboundText): Promise<TextReplyOutcome> {
  const { customerId } = open;
  const ref = deliveryRefOf(customerId, open.delivery);
  if (ref === undefined || ref.alarmId !== open.alarmId) return 'ignored';
  // The text named this code and went to this phone and this account.
  const delivery = await readDelivery(deps.client, deps.tableName, ref);
  if (delivery === undefined) return 'ignored';
  if (delivery.status !== 'sent' || delivery.replyCode !== open.code || delivery.accountId !== open.accountId || phoneKeyOf(delivery.to ?? '') !== phone) return 'ignored';
  const account = await readDeliveryRecipient(deps.client, deps.tableName, { customerId, accountId: delivery.accountId });
  if (account === undefined || account.isActive === false || account.role === undefined || !isRole(account.role)) return 'ignored';
  const alarms = new AlarmStore(deps.client, deps.tableName, deps.clock);
  const alarm = await alarms.find(customerId, open.alarmId);
  if (alarm === undefined) return 'ignored';
  if (alarm.acknowledgedAt !== undefined) return 'already';
  const name = [account.firstName, account.lastName].filter((part) => part !== undefined && part !== '').join(' ') || account.email;
  try {
    await alarms.acknowledge(
      { userId: account.accountId, email: account.email, role: account.role, customerId, accountId: account.accountId, isPortalLogin: false, tokenId: `sms:${(inbound.inboundMessageId ?? '').slice(0, 100)}` },
      customerId, alarm, { reason: `${TEXT_ACKNOWLEDGE_REASON}: ${name}` },
    );
  } catch (error) {
    // Someone acknowledged it (or it changed) meanwhile: acknowledged already, or nothing to do.
    if (error instanceof DomainError && error.kind === 'conflict') return (await alarms.find(customerId, open.alarmId))?.acknowledgedAt === undefined ? 'ignored' : 'already';
    throw error;
  }
  return 'acknowledged';
}
