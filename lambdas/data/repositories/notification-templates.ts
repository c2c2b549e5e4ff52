import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AlarmType } from '@domain/alarms/alarm';
import { notFound, validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import {
  overrideFields, unknownPlaceholdersMessage, unknownPlaceholdersOf, type StoredTemplate, type TemplateKey, type TemplatePreview,
} from '@domain/notifications/template-overrides';
import { sanitizeTemplateHtml } from '@domain/notifications/template-html';
import { formatInZone, renderNotification, type NotificationTemplateOverride, type TemplateValues } from '@domain/notifications/templates';
import type { Caller } from '../../shared/caller';
import {
  auditEntryPut, createPut, notificationTemplateKey, notificationTemplatePut, notificationTemplatesOf, organisationKeyParams, queryAll, runTransaction,
  sitesByName, toOrganisationSummary, toStoredTemplate, versionedDelete, versionedPut,
  ENTITY,
} from '..';

/** The preview's device, site (when the organisation has none) and link. */
export const SAMPLE_DEVICE = 'Walk-in Freezer 2';
export const SAMPLE_SITE = 'Main Kitchen';
export const SAMPLE_LINK = 'https://portal.example.com/app/alarms/sample';

/** A plausible reading and limit per alarm type, as a message shows them. */
const SAMPLE_READINGS: Record<AlarmType | 'any', { value: string; limit: string }> = {
  threshold: { value: '-12.4 °C', limit: '-18 °C' },
  contact: { value: 'Open', limit: '' },
  probeMissing: { value: '', limit: '' },
  inactivity: { value: '', limit: '' },
  battery: { value: '15 %', limit: '20 %' },
  tamper: { value: '', limit: '' },
  checklistException: { value: '', limit: '' },
  checklistMissed: { value: '', limit: '' },
  checklistReminder: { value: '', limit: '' },
  any: { value: '-12.4 °C', limit: '-18 °C' },
};

const entityIdOf = (key: TemplateKey) => `${key.kind}#${key.channel}#${key.language}#${key.alarmType ?? 'any'}`;

/**
 * The organisation's notification templates (docs/data-model.md "Notification templates"): one
 * item per override, saved on the version read with its audit entry; a reset deletes it.
 */
export class NotificationTemplateStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The overrides, an email's HTML as sanitised (one saved before the rule comes back clean too). */
  async list(customerId: string): Promise<StoredTemplate[]> {
    const stored = await queryAll(this.client, notificationTemplatesOf(this.tableName, customerId), toStoredTemplate);
    return stored.map((template) => (template.html === undefined ? template : { ...template, html: sanitizeTemplateHtml(template.html) }));
  }

  async get(customerId: string, key: TemplateKey): Promise<StoredTemplate | undefined> {
    const result = await this.client.send(new GetCommand({ ...notificationTemplateKey(this.tableName, customerId, key), ConsistentRead: true }));
    return result.Item === undefined ? undefined : toStoredTemplate(result.Item);
  }

  /**
   * Saves an override (refused naming its unknown placeholders), an email's HTML sanitised
   * (sanitisedOverride); one that sets no field is a reset.
   */
  async save(caller: Caller, customerId: string, given: NotificationTemplateOverride): Promise<StoredTemplate | undefined> {
    const override = sanitisedOverride(given);
    const unknown = unknownPlaceholdersOf(override);
    if (unknown.length > 0) {
      const message = unknownPlaceholdersMessage(unknown);
      throw validationError(message, { _: message });
    }
    const key = keyOf(override);
    const fields = overrideFields(override);
    const before = await this.get(customerId, key);
    if (Object.keys(fields).length === 0) {
      if (before !== undefined) await this.remove(caller, customerId, key);
      return undefined;
    }
    const now = this.clock();
    const after: StoredTemplate = { ...key, ...fields, version: (before?.version ?? 0) + 1, updatedAt: now.toISOString(), updatedBy: caller.email };
    const put = notificationTemplatePut(this.tableName, customerId, after);
    await runTransaction(this.client, [
      before === undefined ? createPut(put) : versionedPut(put, before.version),
      auditEntryPut(this.tableName, {
        customerId, caller, entityType: ENTITY.notificationTemplate, entityId: entityIdOf(key), action: before === undefined ? 'create' : 'update',
        before: before === undefined ? undefined : { ...before }, after: { ...after }, now,
      }),
    ]);
    return after;
  }

  /** Back to the product's wording: the override deleted with its audit entry (404 when there is none). */
  async remove(caller: Caller, customerId: string, key: TemplateKey): Promise<void> {
    const before = await this.get(customerId, key);
    if (before === undefined) throw notFound(MESSAGES.notificationTemplateNotFound);
    await runTransaction(this.client, [
      versionedDelete(notificationTemplateKey(this.tableName, customerId, key), before.version),
      auditEntryPut(this.tableName, {
        customerId, caller, entityType: ENTITY.notificationTemplate, entityId: entityIdOf(key), action: 'delete', before: { ...before }, after: undefined, now: this.clock(),
      }),
    ]);
  }

  /** The organisation's first site by name (its name and zone), for the preview. */
  async firstSite(customerId: string): Promise<{ name: string; timeZone: string } | undefined> {
    const result = await this.client.send(new QueryCommand({ ...sitesByName(this.tableName, customerId), Limit: 1 }));
    const item = result.Items?.[0];
    if (item === undefined || typeof item['name'] !== 'string') return undefined;
    return { name: item['name'], timeZone: typeof item['timezone'] === 'string' && item['timezone'] !== '' ? item['timezone'] : 'UTC' };
  }

  /** The message the override (or the default, with no fields) gives with sample values; nothing saved. */
  async preview(customerId: string, override: NotificationTemplateOverride): Promise<TemplatePreview> {
    const [site, organisation] = await Promise.all([
      this.firstSite(customerId),
      this.client.send(new GetCommand(organisationKeyParams(this.tableName, customerId))),
    ]);
    return previewOf(sanitisedOverride(override), {
      siteName: site?.name ?? SAMPLE_SITE, organisation: toOrganisationSummary(customerId, organisation.Item).name, timeZone: site?.timeZone ?? 'UTC', now: this.clock(),
    });
  }
}

/**
 * The override with an email's HTML sanitised (issue 32: domain/notifications/template-html.ts):
 * what is saved and previewed. HTML left empty by it (nothing allowed in it) is blank: the default's.
 */
export function sanitisedOverride(override: NotificationTemplateOverride): NotificationTemplateOverride {
  if (override.channel !== 'email' || override.html === undefined) return override;
  const html = sanitizeTemplateHtml(override.html).trim();
  return { ...override, html: html === '' ? undefined : html };
}

/** The override's key: its alarm type only where the kind has one. */
export function keyOf(override: NotificationTemplateOverride): TemplateKey {
  return {
    kind: override.kind, channel: override.channel, language: override.language,
    ...(override.kind !== 'test' && override.alarmType !== undefined ? { alarmType: override.alarmType } : {}),
  };
}

/** The rendered preview with sample values: the device, the site, the organisation, a reading, now in the site's zone, a link. */
export function previewOf(override: NotificationTemplateOverride, sample: { siteName: string; organisation?: string; timeZone: string; now: Date }): TemplatePreview {
  const { kind, channel, language, alarmType } = override;
  const reading = SAMPLE_READINGS[kind === 'test' ? 'any' : (alarmType ?? 'any')];
  const values: TemplateValues = {
    device: SAMPLE_DEVICE, site: sample.siteName, organisation: sample.organisation ?? '', ...reading,
    time: formatInZone(sample.now.getTime(), sample.timeZone, language), link: SAMPLE_LINK, code: '', more: '',
  };
  const message = renderNotification({
    kind, channel, language, ...(kind === 'test' || alarmType === undefined ? {} : { alarmType }), values, override: overrideFields(override),
  });
  return { channel, message, unknownPlaceholders: unknownPlaceholdersOf(override) };
}
