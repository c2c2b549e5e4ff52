import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conflict, type DomainError } from '../../domain/errors';
import { MESSAGES } from '../../domain/messages';

// NOTE (security-groups engineer): this file was overwritten by mistake at 21:22 and rebuilt
// from its uses in lambdas/locations/store.ts and lambdas/shared/references.ts (GuardedItem,
// runTransaction). Check it against what you had.

type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;
export type TransactItem = TransactItems[number];

/** One write of a transaction and, when its condition fails, the error the user gets. */
export interface GuardedItem {
  item: TransactItem;
  onConditionFailed?: () => DomainError;
}

/**
 * Runs the writes in one transaction. A failed condition is answered with the error its
 * write declares; a failed condition that declares none is a concurrent change (409).
 */
export async function runTransaction(client: DynamoDBDocumentClient, items: readonly GuardedItem[]): Promise<void> {
  try {
    await client.send(new TransactWriteCommand({ TransactItems: items.map((guarded) => guarded.item) }));
  } catch (error) {
    if (error instanceof TransactionCanceledException) {
      const reasons = error.CancellationReasons ?? [];
      const failed = reasons.findIndex((reason) => reason.Code === 'ConditionalCheckFailed');
      if (failed >= 0) {
        const declared = reasons
          .map((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? items[index]?.onConditionFailed : undefined))
          .find((onFailed) => onFailed !== undefined);
        throw declared ? declared() : conflict(MESSAGES.concurrentChange);
      }
    }
    throw error;
  }
}
