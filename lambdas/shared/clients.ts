import { ChimeSDKVoiceClient } from '@aws-sdk/client-chime-sdk-voice';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { IoTDataPlaneClient } from '@aws-sdk/client-iot-data-plane';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SNSClient } from '@aws-sdk/client-sns';
import { PinpointSMSVoiceV2Client } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { SQSClient } from '@aws-sdk/client-sqs';

/**
 * Every AWS client is made here, once per process. Endpoints come from the SDK's own
 * `AWS_ENDPOINT_URL_<SERVICE>` variables, which the local runner sets, so handlers never
 * know which runtime they are in. The DynamoDB client is the data layer's (lambdas/data/client.ts).
 */
let identityProviderClient: CognitoIdentityProviderClient | undefined;

let storageClient: S3Client | undefined;

/**
 * Files (site PDFs). `S3_FORCE_PATH_STYLE=true` is for S3-compatible endpoints that have no
 * bucket host names (the local emulator); on AWS bucket host names are used.
 */
export function s3Client(): S3Client {
  storageClient ??= new S3Client({ forcePathStyle: process.env['S3_FORCE_PATH_STYLE'] === 'true' });
  return storageClient;
}

/** The user pool's admin API (sessions, cognito/* routes, the sign-in triggers). */
export function cognitoClient(): CognitoIdentityProviderClient {
  identityProviderClient ??= new CognitoIdentityProviderClient({});
  return identityProviderClient;
}

let emailClient: SESv2Client | undefined;

/** Emails the product sends itself (pager verification codes); SES, the SES emulator locally. */
export function sesClient(): SESv2Client {
  emailClient ??= new SESv2Client({});
  return emailClient;
}

let textClient: SNSClient | undefined;

/** Texts the product sends itself (phone and pager verification codes); SNS, the outbox locally. */
export function snsClient(): SNSClient {
  textClient ??= new SNSClient({});
  return textClient;
}

let messagingClient: PinpointSMSVoiceV2Client | undefined;

/** Alarm notifications by text and voice call: AWS End User Messaging SMS and Voice v2 (its stand-in locally). */
export function smsVoiceClient(): PinpointSMSVoiceV2Client {
  messagingClient ??= new PinpointSMSVoiceV2Client({});
  return messagingClient;
}

let callClient: ChimeSDKVoiceClient | undefined;

/** IVR voice calls on AWS (Amazon Chime SDK PSTN audio: a SIP media application places them). */
export function chimeVoiceClient(): ChimeSDKVoiceClient {
  callClient ??= new ChimeSDKVoiceClient({});
  return callClient;
}

let queueClient: SQSClient | undefined;

/** The notification channels' queues (the stream hands queued deliveries to their senders). */
export function sqsClient(): SQSClient {
  queueClient ??= new SQSClient({});
  return queueClient;
}

let deviceDataClient: IoTDataPlaneClient | undefined;

/**
 * Publishing to devices (their commands). Locally the SDK reads the stand-in's
 * `AWS_ENDPOINT_URL_IOT_DATA_PLANE` itself; on AWS the data plane must be reached at the
 * account's own endpoint (`iot:Data-ATS`), which the CDK gives as `IOT_DATA_ENDPOINT`
 * (lib/devices.ts, docs/devices.md).
 */
export function iotDataClient(): IoTDataPlaneClient {
  const accountEndpoint = process.env['IOT_DATA_ENDPOINT'];
  deviceDataClient ??= new IoTDataPlaneClient(accountEndpoint ? { endpoint: `https://${accountEndpoint}` } : {});
  return deviceDataClient;
}
