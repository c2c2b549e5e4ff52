import { catalogueNames } from '../core/catalogue';

/**
 * The catalogue of notification channels and the providers that carry them (issue 33 section
 * 3), as lambdas/routes.ts is of routes: one list, read by the CDK (lib/notifications.ts: a
 * queue, a sender and its grants per provider), the local runtime (local/channel-faults.ts: a
 * fault switch per provider; the stand-in each names), the handlers (lambdas/notifier: the
 * queue each delivery goes to; lambdas/shared/channel-providers.ts: an SDK call per provider)
 * and the web app (a channel's name, its template's fields). docs/adding-a-channel.md says
 * what to add where.
 */

/** What a provider needs on each runtime. */
export interface ProviderEntry {
  /** The IAM actions its sender is granted on AWS (lib/notifications.ts scopes their resources). */
  readonly actions: readonly string[];
  /** The sender's variable naming the number (origination identity) its messages come from, when the deployment sets one. */
  readonly originationVariable?: string;
  /** What stands in for the provider locally (its messages land in the outbox page), from the repository's root. */
  readonly localStandIn: string;
}

/**
 * The providers, one per kind of address: each has a queue and a sender on AWS, a stand-in and
 * a "fail the next sends" switch locally. Order: the outbox page's.
 */
export const DELIVERY_PROVIDERS = {
  /** SES v2, from the deployment's verified identity; locally the SES emulator behind local/ses.ts. */
  email: { actions: ['ses:SendEmail'], localStandIn: 'local/ses.ts' },
  /** AWS End User Messaging SMS and Voice v2. */
  text: { actions: ['sms-voice:SendTextMessage'], originationVariable: 'SMS_ORIGINATION_IDENTITY', localStandIn: 'local/sms-voice.ts' },
  /** End User Messaging's voice messages (an IVR call goes through the Chime SDK when the stack has its number: lib/voice-calls.ts). */
  voice: { actions: ['sms-voice:SendVoiceMessage'], originationVariable: 'VOICE_ORIGINATION_IDENTITY', localStandIn: 'local/sms-voice.ts' },
  /** Web push with the VAPID keys of Parameter Store. */
  push: { actions: ['ssm:GetParameter'], localStandIn: 'local/push.ts' },
} as const satisfies Record<string, ProviderEntry>;

export type DeliveryProvider = keyof typeof DELIVERY_PROVIDERS;
export const DELIVERY_PROVIDER_NAMES = catalogueNames(DELIVERY_PROVIDERS);

/** The stream function's variable holding a provider's queue URL (set by lib/notifications.ts). */
export const queueVariableOf = (provider: DeliveryProvider): `QUEUE_URL_${Uppercase<DeliveryProvider>}` =>
  `QUEUE_URL_${provider.toUpperCase() as Uppercase<DeliveryProvider>}`;

/** What a channel is to the user, the templates and the web app. */
export interface ChannelEntry {
  /** The providers that may carry it (a pager is an email or a text, by the user's pager type: delivery.ts `addressFor`). */
  readonly providers: readonly DeliveryProvider[];
  /** Reaches the user only on a verified phone (SPEC: "SMS needs a verified phone"). */
  readonly needsVerifiedPhone: boolean;
  /** The fields of its template, in the order the template editor shows them. */
  readonly templateFields: readonly string[];
  /** Its name in the web app (frontend/src/i18n/{en,fr,es}.json). */
  readonly labelKey: `notificationGroups.channels.${string}`;
}

/**
 * SPEC section 3: the channels a user is notified on. Order: the forms', and the order of one
 * step's messages (escalation.ts).
 */
export const CHANNELS = {
  email: { providers: ['email'], needsVerifiedPhone: false, templateFields: ['subject', 'text', 'html'], labelKey: 'notificationGroups.channels.email' },
  text: { providers: ['text'], needsVerifiedPhone: true, templateFields: ['body'], labelKey: 'notificationGroups.channels.text' },
  pager: { providers: ['email', 'text'], needsVerifiedPhone: false, templateFields: ['body'], labelKey: 'notificationGroups.channels.pager' },
  push: { providers: ['push'], needsVerifiedPhone: false, templateFields: ['title', 'body'], labelKey: 'notificationGroups.channels.push' },
  /** Plain words read aloud. */
  voice: { providers: ['voice'], needsVerifiedPhone: true, templateFields: ['script'], labelKey: 'notificationGroups.channels.voice' },
} as const satisfies Record<string, ChannelEntry>;

export type NotificationChannel = keyof typeof CHANNELS;
export const NOTIFICATION_CHANNELS = catalogueNames(CHANNELS);

/** The fields of each channel's template, in the order the editor shows them. */
export type ChannelTemplateFields = { readonly [C in NotificationChannel]: (typeof CHANNELS)[C]['templateFields'] };
export const TEMPLATE_FIELDS = Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, CHANNELS[channel].templateFields])) as ChannelTemplateFields;
