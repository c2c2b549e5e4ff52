import useSWR, { type SWRResponse } from 'swr';
import type { StoredTemplate, TemplateKey, TemplatePreview } from '@domain/notifications/template-overrides';
import type { NotificationTemplateOverride } from '@domain/notifications/templates';
import { NOTIFICATION_TEMPLATE_ROUTES } from '@domain/api/notification-templates';
import { call } from './client';
import type { ApiError } from './ApiError';

/** The organisation's notification templates (issue 14 section 3): administrators' overrides of the product's wording. */
export const NOTIFICATION_TEMPLATES_KEY = 'notification-templates';

export function useNotificationTemplates(): SWRResponse<StoredTemplate[], ApiError> {
  return useSWR<StoredTemplate[], ApiError, string>(NOTIFICATION_TEMPLATES_KEY, async () => (await call(NOTIFICATION_TEMPLATE_ROUTES.get)).items);
}

/** Saves an override (all fields blank: back to the default); the answer is the override as stored, or null. */
export async function saveNotificationTemplate(template: NotificationTemplateOverride): Promise<StoredTemplate | null> {
  return (await call(NOTIFICATION_TEMPLATE_ROUTES.put, { body: template })).template;
}

/** Back to the product's wording. */
export async function resetNotificationTemplate(key: TemplateKey): Promise<void> {
  await call(NOTIFICATION_TEMPLATE_ROUTES.remove, { query: { kind: key.kind, channel: key.channel, language: key.language, alarmType: key.alarmType } });
}

/** The message a template gives with sample values; nothing is saved. */
export function previewNotificationTemplate(template: NotificationTemplateOverride): Promise<TemplatePreview> {
  return call(NOTIFICATION_TEMPLATE_ROUTES.postPreview, { body: template });
}
