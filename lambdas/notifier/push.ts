/** The push provider is shared plumbing (lambdas/shared/push.ts): the notifier's senders and a user's test message use it. */
export * from '../shared/push';
