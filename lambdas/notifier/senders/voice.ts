import { composerWith } from '../compose';
import { senderHandler } from '../queue-handler';
import { notThisSender } from './not-this-sender';

/** The voice sender (lib/notifications.ts): neither web push nor an email HTML sanitiser. */
export const handler = senderHandler({
  push: () => async () => notThisSender('voice', 'web push'),
  composer: composerWith(() => notThisSender('voice', 'email HTML sanitiser')),
});
