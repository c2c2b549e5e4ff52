import type { AlarmProfile } from '@domain/alarms/alarm-profile';
import { moreAlarmsBySite } from '@domain/notifications/storm';
import { ALL_MODULES } from '@domain/organisation/modules';
import { messageValues } from '@domain/notifications/message-values';
import { sanitizeTemplateHtml } from '@domain/notifications/template-html';
import { escapeHtml, formatMore, pagerEmail, renderNotification, type TemplateLanguage } from '@domain/notifications/templates';
import {
  accountKeyParams, alarmProfileKey, batchGet, notificationTemplateLookupKeys, notificationTemplateOverride, organisationKeyParams, siteKey, toAlarmProfile,
  toOrganisationModules, toOrganisationSummary,
} from '../data';
import type { NotifierDependencies } from './plan';
import type { ComposedMessage, ComposeInput } from './send';

/**
 * What a delivery says (issue 14 section 3): the product's template for its kind, channel and
 * the recipient's language (domain/notifications/templates.ts), filled with the alarm's device,
 * site, value and limit in the recipient's unit, its time in the site's zone and the link to its
 * page and, for a text that asks for a reply, its SMS reply code; a storm send adds "12 more
 * alarms at Main Kitchen"; an email ends naming the organisation, a pager reached by email starts
 * with its name and ends with the link. One BatchGetItem reads the
 * site(s), the profile, the recipient and the organisation.
 */

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const languageOf = (value: unknown): TemplateLanguage => (value === 'fr' || value === 'es' ? value : 'en');

/** The portal's address, for links in messages (the local runtime and the stack set it). */
export const portalUrl = (): string => (process.env['PORTAL_URL'] ?? 'http://localhost:3000').replace(/\/+$/, '');

/** An administrator's email HTML made safe to send (`sanitizeTemplateHtml`: sanitize-html). */
export type EmailHtmlSanitizer = (html: string) => string;

/** The composer, given how an email's HTML is sanitised: only the email sender needs sanitize-html (decision 0082). */
export const composerWith = (sanitizeEmailHtml: EmailHtmlSanitizer) =>
  (deps: Pick<NotifierDependencies, 'client' | 'tableName'>): ((input: ComposeInput) => Promise<ComposedMessage>) => async ({ delivery, alarm, grouped }) => {
    const { client, tableName } = deps;
    const customerId = delivery.customerId;
    const siteIds = [...new Set([alarm.siteId, ...grouped.map((other) => other.siteId ?? '')].filter((id) => id !== ''))];
    const keys = [
      ...siteIds.map((id) => siteKey(tableName, customerId, id).Key),
      ...(alarm.profileId === undefined ? [] : [alarmProfileKey(tableName, customerId, alarm.profileId).Key]),
      accountKeyParams(tableName, customerId, delivery.accountId).Key,
      organisationKeyParams(tableName, customerId).Key,
      // The organisation's template for this message (its alarm type's, else 'any'): templates.ts's wording when none.
      ...notificationTemplateLookupKeys(tableName, customerId, { kind: delivery.kind, channel: delivery.channel, alarmType: alarm.type, language: delivery.language }),
    ];
    const items = await batchGet(client, tableName, keys, { consistent: false });
    const itemAt = (key: Record<string, unknown>) => items.find((item) => item['pk'] === key['pk'] && item['sk'] === key['sk']);
    const sites = new Map(siteIds.map((id) => [id, itemAt(siteKey(tableName, customerId, id).Key)]));
    const profileItem = alarm.profileId === undefined ? undefined : itemAt(alarmProfileKey(tableName, customerId, alarm.profileId).Key);
    const profile: AlarmProfile | undefined = profileItem === undefined ? undefined : toAlarmProfile(profileItem);
    const account = itemAt(accountKeyParams(tableName, customerId, delivery.accountId).Key);
    const organisationItem = itemAt(organisationKeyParams(tableName, customerId).Key);
    const organisation = toOrganisationSummary(customerId, organisationItem).name;
    // The IVR's question only where the organisation has the IVR feature (issue 16); one without its item predates the flags.
    const organisationModules = organisationItem === undefined ? ALL_MODULES : toOrganisationModules(organisationItem);
    const language = languageOf(delivery.language ?? account?.['lang']);
    const site = sites.get(alarm.siteId);
    const siteName = text(site?.['name']) ?? '';
    // A checklist reminder links to the checklist to fill (it is no alarm to open).
    const reminder = alarm.type === 'checklistReminder';
    const link = reminder ? `${portalUrl()}/app/haccp/fill/${encodeURIComponent(alarm.deviceId)}` : `${portalUrl()}/app/alarms/${encodeURIComponent(alarm.id)}`;
    const more = formatMore(
      [...moreAlarmsBySite(grouped.map((other) => ({ alarmId: other.alarmId, siteId: other.siteId ?? '' })))].map(([id, count]) => [text(sites.get(id)?.['name']) ?? '', count] as const),
      language,
    );
    const kind = delivery.kind;
    const values = {
      ...messageValues({ alarm, profile, siteName, timeZone: text(site?.['timezone']) ?? 'UTC', language, uom: account?.['uom'] === 'F' ? 'F' : 'C', link, more, kind }),
      // The SMS reply code the sender opened for this text ("Reply 4821 to acknowledge."); none: the sentence goes.
      code: delivery.replyCode ?? '',
      organisation,
    };
    const request = { kind, language, alarmType: alarm.type, values };
    const template = notificationTemplateOverride(items, tableName, customerId, { kind, channel: delivery.channel, alarmType: alarm.type, language });
    const own = (channel: typeof delivery.channel) => (channel === delivery.channel && template !== undefined ? { override: template } : {});
    const email = renderNotification({ ...request, channel: 'email', ...own('email') });
    // An administrator's email: its HTML sanitised on save, and the message again as sent (one saved before the rule, a
    // value placed where an address goes); the values are escaped by the rendering.
    const emailHtml = delivery.channel === 'email' && template !== undefined ? sanitizeEmailHtml(email.html) : email.html;
    const short = renderNotification({ ...request, channel: delivery.channel === 'pager' ? 'pager' : 'text', ...own(delivery.channel === 'pager' ? 'pager' : 'text') });
    const push = renderNotification({ ...request, channel: 'push', ...own('push') });
    const ivr = account?.['enableIVR'] === true && organisationModules.enableIVR && !reminder;
    const voice = renderNotification({ ...request, channel: 'voice', ivr, ...own('voice') });
    // A pager is short whether it is reached by email or by text; by email it names the organisation and links to the alarm.
    const paged = delivery.channel === 'pager' && delivery.provider === 'email' ? pagerEmail(short.body, { organisation, link }) : { text: short.body, html: `<p>${escapeHtml(short.body)}</p>` };
    return {
      subject: email.subject,
      text: delivery.channel === 'push' ? push.body : delivery.channel === 'email' ? email.text : paged.text,
      html: delivery.channel === 'email' ? emailHtml : paged.html,
      ssml: `<speak>${escapeHtml(voice.script)}</speak>`,
      title: push.title,
      link,
      ivr,
    };
  };

/**
 * The composer of a process that sends email (the email sender, the local stack, the tests):
 * administrators' email templates sanitised by sanitize-html. Pure, so a bundle that does not
 * use it (the other senders') leaves it and sanitize-html out.
 */
export const composer = /* @__PURE__ */ composerWith(sanitizeTemplateHtml);
