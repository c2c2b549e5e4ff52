import { composerWith } from '../compose';
import { pushProvider } from '../push';
import { senderHandler } from '../queue-handler';
import { notThisSender } from './not-this-sender';

/** The push sender (lib/notifications.ts): web-push; no email, so no HTML sanitiser. */
export const handler = senderHandler({ push: () => pushProvider(), composer: composerWith(() => notThisSender('push', 'email HTML sanitiser')) });
