/** The push channel's message and send, shared by the notifier's providers and the users resource (lambdas/notifier/push.ts sends). */

/** What a push says: the notification's title, its text and the page a click opens. */
export interface PushMessage {
  title: string;
  text: string;
  link: string;
}

/** Pushes a message to every device of a user; a message id, or undefined when the user has no device with push on. */
export type PushSend = (customerId: string, accountId: string, message: PushMessage) => Promise<string | undefined>;
