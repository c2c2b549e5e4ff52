import { awsMessageProviders } from '../shared/channel-providers';
import type { ChannelProviders } from './send';

/**
 * The senders' providers (issue 14 section 3): the shared ones (lambdas/shared/channel-providers.ts:
 * email through SES v2, texts and voice calls through AWS End User Messaging SMS and Voice v2),
 * with the push provider given (lambdas/notifier/push.ts, or the local stack's over the outbox).
 */
export function awsProviders(push: ChannelProviders['push']): ChannelProviders {
  return awsMessageProviders(push);
}
