import type { Node } from 'constructs';
import { MAX_STORM_WINDOW_MINUTES } from '@domain/notifications/storm';

/** The context values the app takes (`-c key=value` or cdk.json); docs/deploy.md describes each. */
export interface PortalContext {
  /** Deployment stage; the stack is `ColdChainPortal-<stage>`. */
  readonly stage: string;
  /** Prefix of the hosted sign-in domain; derived from the stage and account when absent. */
  readonly domainPrefix?: string;
  /** Host name the web app is served from (`portal.example.com`), for the OAuth callback URLs. */
  readonly webDomain?: string;
  /** Maximum concurrent sessions per user. */
  readonly maxSessions: number;
  /** SSO: identity provider name per SSO client id (`/login/sso/{clientId}`), JSON object. */
  readonly ssoProviders: Record<string, string>;
  /** The administrator contact on the no-access page. */
  readonly adminContactEmail?: string;
  /** The sender of the portal's own emails (pager verification codes): an SES verified identity. */
  readonly mailFrom?: string;
  /** The number or sender ID texts come from (End User Messaging); the service picks one of the account's when absent. */
  readonly smsOriginationIdentity?: string;
  /** The number voice calls come from (End User Messaging); calls fail without it. */
  readonly voiceOriginationIdentity?: string;
  /**
   * IVR (issue 14 section 4): the Amazon Chime SDK phone number (E.164) calls that ask for a key
   * press come from; with it the stack gets the SIP media application (lib/voice-calls.ts).
   */
  readonly ivrPhoneNumber?: string;
  /** The Parameter Store SecureString holding the web push VAPID keys; `/coldchain/<stack>/vapid` when absent. */
  readonly vapidParameter?: string;
  /** The storm rule's window in minutes (1 to 60): a user gets at most one message per channel per window; 5 when absent. */
  readonly stormWindowMinutes?: number;
}

const STAGE = /^[a-z][a-z0-9-]{0,19}$/;
// Cognito: lowercase letters, digits and hyphens, no leading or trailing hyphen, at most 63.
const DOMAIN_PREFIX = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const RESERVED_IN_DOMAIN_PREFIX = /aws|amazon|cognito/;
// End User Messaging: a phone number or pool id, its ARN, an E.164 number or a sender ID.
const ORIGINATION_IDENTITY = /^[A-Za-z0-9_:/+-]{1,256}$/;
// Parameter Store: a full path of letters, digits and . _ - / (at most 1,011 characters with the path).
const PARAMETER_NAME = /^(?:\/[A-Za-z0-9_.-]+)+$/;
// Amazon Chime SDK phone numbers, as CreateSipMediaApplicationCall takes them.
const E164 = /^\+[1-9]\d{1,14}$/;
const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

function optionalString(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new Error(`Context ${key} must be a string`);
  return value;
}

export function readPortalContext(node: Node): PortalContext {
  const stage = optionalString(node, 'stage') ?? 'prod';
  // The stage is part of the default hosted-UI prefix, where Cognito refuses these words.
  if (!STAGE.test(stage) || RESERVED_IN_DOMAIN_PREFIX.test(stage)) {
    throw new Error(
      `Context stage "${stage}" must be lowercase letters, digits and hyphens, starting with a letter (at most 20), without aws, amazon or cognito`,
    );
  }

  const domainPrefix = optionalString(node, 'domainPrefix');
  if (domainPrefix !== undefined && (!DOMAIN_PREFIX.test(domainPrefix) || RESERVED_IN_DOMAIN_PREFIX.test(domainPrefix))) {
    throw new Error(`Context domainPrefix "${domainPrefix}" must be lowercase letters, digits and hyphens, and may not contain aws, amazon or cognito`);
  }

  const webDomain = optionalString(node, 'webDomain');
  if (webDomain !== undefined && !HOST_NAME.test(webDomain)) {
    throw new Error(`Context webDomain "${webDomain}" must be a host name such as portal.example.com (no scheme, no path)`);
  }

  const rawMaxSessions: unknown = node.tryGetContext('maxSessions');
  const maxSessions = rawMaxSessions === undefined || rawMaxSessions === null ? 30 : Number(rawMaxSessions);
  if (!Number.isInteger(maxSessions) || maxSessions < 1) {
    throw new Error(`Context maxSessions must be a positive whole number, not ${String(rawMaxSessions)}`);
  }

  const rawProviders: unknown = node.tryGetContext('ssoProviders');
  const providers: unknown = typeof rawProviders === 'string' ? JSON.parse(rawProviders) : rawProviders ?? {};
  if (typeof providers !== 'object' || providers === null || Array.isArray(providers)
    || !Object.values(providers).every((value) => typeof value === 'string')) {
    throw new Error('Context ssoProviders must be a JSON object of SSO client id to identity provider name');
  }
  const ssoProviders = providers as Record<string, string>;

  const adminContactEmail = optionalString(node, 'adminContactEmail');
  if (adminContactEmail !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(adminContactEmail)) {
    throw new Error(`Context adminContactEmail "${adminContactEmail}" must be an email address`);
  }

  const mailFrom = optionalString(node, 'mailFrom');
  if (mailFrom !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(mailFrom)) {
    throw new Error(`Context mailFrom "${mailFrom}" must be an email address`);
  }

  const [smsOriginationIdentity, voiceOriginationIdentity] = (['smsOriginationIdentity', 'voiceOriginationIdentity'] as const).map((key) => {
    const value = optionalString(node, key);
    if (value !== undefined && !ORIGINATION_IDENTITY.test(value)) {
      throw new Error(`Context ${key} "${value}" must be an End User Messaging origination identity: a phone number or pool id, its ARN, an E.164 number or a sender ID`);
    }
    return value;
  });

  const ivrPhoneNumber = optionalString(node, 'ivrPhoneNumber');
  if (ivrPhoneNumber !== undefined && !E164.test(ivrPhoneNumber)) {
    throw new Error(`Context ivrPhoneNumber "${ivrPhoneNumber}" must be an Amazon Chime SDK phone number in E.164 form, such as +15550100001`);
  }

  const vapidParameter = optionalString(node, 'vapidParameter');
  if (vapidParameter !== undefined && (!PARAMETER_NAME.test(vapidParameter) || vapidParameter.length > 1011)) {
    throw new Error(`Context vapidParameter "${vapidParameter}" must be a Parameter Store path such as /coldchain/prod/vapid`);
  }

  const rawStormWindow: unknown = node.tryGetContext('stormWindowMinutes');
  const stormWindowMinutes = rawStormWindow === undefined || rawStormWindow === null || rawStormWindow === '' ? undefined : Number(rawStormWindow);
  if (stormWindowMinutes !== undefined && (!Number.isInteger(stormWindowMinutes) || stormWindowMinutes < 1 || stormWindowMinutes > MAX_STORM_WINDOW_MINUTES)) {
    throw new Error(`Context stormWindowMinutes must be a whole number of minutes from 1 to ${MAX_STORM_WINDOW_MINUTES}, not ${String(rawStormWindow)}`);
  }

  return {
    stage, domainPrefix, webDomain, maxSessions, ssoProviders, adminContactEmail, mailFrom, smsOriginationIdentity, voiceOriginationIdentity, ivrPhoneNumber, vapidParameter,
    ...(stormWindowMinutes === undefined ? {} : { stormWindowMinutes }),
  };
}

export function stackNameOf(stage: string): string {
  return `ColdChainPortal-${stage}`;
}
