import useSWR, { type SWRResponse } from 'swr';
import { z } from 'zod';
import {
  storedTemplateSchema, templatePreviewSchema, type StoredTemplate, type TemplateKey, type TemplatePreview,
} from '@domain/notifications/template-overrides';
import type { NotificationTemplateOverride } from '@domain/notifications/templates';
import { apiFetch, apiFetchAs } from './apiFetch';
import type { ApiError } from './ApiError';

/** The organisation's notification templates (issue 14 section 3): administrators' overrides of the product's wording. */
export const NOTIFICATION_TEMPLATES_KEY = 'notification-templates';

const listSchema = z.object({ items: z.array(storedTemplateSchema) });
const savedSchema = z.object({ template: storedTemplateSchema.nullable() });

export function useNotificationTemplates(): SWRResponse<StoredTemplate[], ApiError> {
  return useSWR<StoredTemplate[], ApiError, string>(NOTIFICATION_TEMPLATES_KEY, async () => (await apiFetchAs(listSchema, '/notificationtemplates')).items);
}

/** Saves an override (all fields blank: back to the default); the answer is the override as stored, or null. */
export async function saveNotificationTemplate(template: NotificationTemplateOverride): Promise<StoredTemplate | null> {
  return (await apiFetchAs(savedSchema, '/notificationtemplates', { method: 'PUT', body: template })).template;
}

/** Back to the product's wording. */
export async function resetNotificationTemplate(key: TemplateKey): Promise<void> {
  const query = new URLSearchParams({ kind: key.kind, channel: key.channel, language: key.language, ...(key.alarmType === undefined ? {} : { alarmType: key.alarmType }) });
  await apiFetch(`/notificationtemplates?${query.toString()}`, { method: 'DELETE' });
}

/** The message a template gives with sample values; nothing is saved. */
export function previewNotificationTemplate(template: NotificationTemplateOverride): Promise<TemplatePreview> {
  return apiFetchAs(templatePreviewSchema, '/notificationtemplates/preview', { method: 'POST', body: template });
}
