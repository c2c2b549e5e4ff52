import { composerWith } from '../compose';
import { senderHandler } from '../queue-handler';
import { notThisSender } from './not-this-sender';

/** The text sender (lib/notifications.ts): neither web push nor an email HTML sanitiser. */
export const handler = senderHandler({
  push: () => async () => notThisSender('text', 'web push'),
  composer: composerWith(() => notThisSender('text', 'email HTML sanitiser')),
});
