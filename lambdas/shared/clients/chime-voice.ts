import { ChimeSDKVoiceClient } from '@aws-sdk/client-chime-sdk-voice';

let callClient: ChimeSDKVoiceClient | undefined;

/** IVR voice calls on AWS (Amazon Chime SDK PSTN audio: a SIP media application places them). */
export function chimeVoiceClient(): ChimeSDKVoiceClient {
  callClient ??= new ChimeSDKVoiceClient({});
  return callClient;
}
