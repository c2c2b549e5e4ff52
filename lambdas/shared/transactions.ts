import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conflict, type DomainError } from '../../domain/errors';
import { MESSAGES } from '../../domain/messages';

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

/**
 * Runs a write transaction. A cancelled condition becomes the error of the first item, in
 * the order given, whose condition failed and that declares one (so uniqueness markers name
 * the duplicate field); any other failed condition, or a transaction that collided with
 * another on the same items, is a concurrent change (409).
 */
export async function runTransaction(client: DynamoDBDocumentClient, items: readonly GuardedItem[]): Promise<void> {
  try {
    await client.send(new TransactWriteCommand({ TransactItems: items.map(({ item }) => item) }));
  } catch (error) {
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
