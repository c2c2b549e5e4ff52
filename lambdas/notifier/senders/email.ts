import { composer } from '../compose';
import { senderHandler } from '../queue-handler';
import { notThisSender } from './not-this-sender';

/** The email sender (lib/notifications.ts): administrators' email HTML sanitised; no web push. */
export const handler = senderHandler({ push: () => async () => notThisSender('email', 'web push'), composer });
