import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { pushSubscriptionForget } from './entities/session';

/**
 * A session's push subscription the push service says is gone, forgotten (push off, the
 * subscription cleared) on its endpoint still being the one stored: a session subscribed again
 * meanwhile, or ended, is left as it is.
 */
export async function forgetPushSubscription(
  client: DynamoDBDocumentClient,
  tableName: string,
  target: { customerId: string; accountId: string; sessionId: string; endpoint: string },
): Promise<void> {
  await client.send(new UpdateCommand(pushSubscriptionForget(tableName, target.customerId, target.accountId, target.sessionId, target.endpoint)))
    .catch((error: unknown) => {
      // Subscribed again meanwhile, or the session ended: nothing to forget.
      if (!(error instanceof Error && error.name === 'ConditionalCheckFailedException')) throw error;
    });
}
