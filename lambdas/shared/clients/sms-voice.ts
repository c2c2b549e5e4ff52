import { PinpointSMSVoiceV2Client } from '@aws-sdk/client-pinpoint-sms-voice-v2';

let messagingClient: PinpointSMSVoiceV2Client | undefined;

/** Alarm notifications by text and voice call: AWS End User Messaging SMS and Voice v2 (its stand-in locally). */
export function smsVoiceClient(): PinpointSMSVoiceV2Client {
  messagingClient ??= new PinpointSMSVoiceV2Client({});
  return messagingClient;
}
