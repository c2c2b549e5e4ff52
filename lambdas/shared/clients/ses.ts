import { SESv2Client } from '@aws-sdk/client-sesv2';

let emailClient: SESv2Client | undefined;

/** Emails the product sends itself (pager verification codes); SES, the SES emulator locally. */
export function sesClient(): SESv2Client {
  emailClient ??= new SESv2Client({});
  return emailClient;
}
