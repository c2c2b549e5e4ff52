/**
 * Every AWS client is made once per process, in a module of its own under clients/, so a
 * function's bundle imports only the SDK packages of the clients it uses (each is ~50-150 ms of
 * a cold start; docs/decisions/0082-one-bundle-per-resource.md). Endpoints come from the SDK's
 * own `AWS_ENDPOINT_URL_<SERVICE>` variables, which the local runner sets, so handlers never
 * know which runtime they are in. The DynamoDB client is the data layer's (lambdas/data/client.ts).
 */
export { chimeVoiceClient } from './clients/chime-voice';
export { cognitoClient } from './clients/cognito';
export { iotDataClient } from './clients/iot-data';
export { s3Client } from './clients/s3';
export { sesClient } from './clients/ses';
export { smsVoiceClient } from './clients/sms-voice';
export { snsClient } from './clients/sns';
export { sqsClient } from './clients/sqs';
