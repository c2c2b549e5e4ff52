import { TransactionCanceledException, type ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conflict, type DomainError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';

export type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;
export type TransactItem = TransactItems[number];

/**
 * One item of a transaction and, when its condition fails, the error the user gets. Items
 * without one make a failed condition "changed by someone else" (the optimistic lock).
 */
export interface GuardedItem {
  item: TransactItem;
  onConditionFailed?: () => DomainError;
}

/** An item whose failed condition is refused with the spec's `message` (409). */
export const refusedWith = (item: TransactItem, message: string): GuardedItem => ({ item, onConditionFailed: () => conflict(message) });

/** How many times a transaction that only collided with another is tried in all. */
export const TRANSACTION_ATTEMPTS = 4;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a cancellation is nothing but collisions with other transactions (nothing was written, no condition failed). */
function onlyCollided(error: unknown): boolean {
  if (!(error instanceof TransactionCanceledException)) return false;
  const reasons = error.CancellationReasons ?? [];
  return reasons.some((reason) => reason.Code === 'TransactionConflict')
    && reasons.every((reason) => reason.Code === 'TransactionConflict' || reason.Code === 'None');
}

/**
 * The one transaction runner of the data layer. A cancelled condition becomes the error of
 * the first item, in the order given, whose condition failed and that declares one (so
 * uniqueness markers name the duplicate field); any other failed condition is a concurrent
 * change (409). A transaction that only collided with another one on a shared item (a site's
 * or gateway's counter, the organisation's device configuration version) wrote nothing and
 * checked no condition, so it is tried again after a short random pause; still colliding
 * after TRANSACTION_ATTEMPTS tries, it is a concurrent change too.
 * `onConsumed` (the benchmark's figures) gets what a written transaction consumed, as
 * DynamoDB reports it (asked for only when given).
 */
export async function runTransaction(
  client: DynamoDBDocumentClient,
  items: readonly GuardedItem[],
  options: { onConsumed?: (consumed: ConsumedCapacity[]) => void } = {},
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const result = await client.send(new TransactWriteCommand({
        TransactItems: items.map(({ item }) => item),
        ...(options.onConsumed === undefined ? {} : { ReturnConsumedCapacity: 'TOTAL' as const }),
      }));
      options.onConsumed?.(result.ConsumedCapacity ?? []);
      return;
    } catch (error) {
      if (onlyCollided(error) && attempt < TRANSACTION_ATTEMPTS) {
        await pause(20 * 2 ** attempt * (0.5 + Math.random()));
        continue;
      }
      if (error instanceof TransactionCanceledException) {
        const reasons = error.CancellationReasons ?? [];
        const failed = items.filter((_item, index) => reasons[index]?.Code === 'ConditionalCheckFailed');
        const declared = failed.find((item) => item.onConditionFailed !== undefined)?.onConditionFailed;
        if (declared) throw declared();
        if (failed.length > 0) throw conflict(MESSAGES.concurrentChange);
        if (reasons.some((reason) => reason.Code === 'TransactionConflict')) throw conflict(MESSAGES.concurrentChange);
      }
      throw error;
    }
  }
}
