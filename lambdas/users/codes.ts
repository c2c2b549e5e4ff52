import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { PublishCommand } from '@aws-sdk/client-sns';
import { sesClient, snsClient } from '../shared/clients';
import { backendConfig } from '../shared/config';

/**
 * Delivers phone and pager verification codes (POST users/sendOTP). A phone, or a pager of
 * type phone, gets a text through SNS (transactional SMS); a pager of type email gets an
 * email through SES. Locally the same clients reach the SNS stand-in and the SES emulator,
 * which put the messages in the outbox (docs/decisions.md "Phone and pager verification").
 * The code itself is never logged.
 */
export async function deliverCode(destination: { kind: 'sms' | 'email'; to: string }, code: string): Promise<void> {
  const text = `Your Cold-chain portal verification code is ${code}. It expires in 10 minutes.`;
  if (destination.kind === 'sms') {
    await snsClient().send(new PublishCommand({
      PhoneNumber: destination.to,
      Message: text,
      MessageAttributes: { 'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' } },
    }));
    return;
  }
  await sesClient().send(new SendEmailCommand({
    FromEmailAddress: backendConfig().mailFrom,
    Destination: { ToAddresses: [destination.to] },
    Content: { Simple: { Subject: { Data: 'Your verification code' }, Body: { Text: { Data: text } } } },
  }));
}
