import { SNSClient } from '@aws-sdk/client-sns';

let textClient: SNSClient | undefined;

/** Texts the product sends itself (phone and pager verification codes); SNS, the outbox locally. */
export function snsClient(): SNSClient {
  textClient ??= new SNSClient({});
  return textClient;
}
