import { validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { defineRoutes, route } from '../shared/routing';
import { NotificationTemplateStore } from '../data/repositories/notification-templates';
import { templateKeySchema } from '@domain/notifications/template-overrides';
import { NOTIFICATION_TEMPLATE_ROUTES } from '@domain/api/notification-templates';

const templates = () => new NotificationTemplateStore(dynamoDocumentClient(), backendConfig().tableName);

/**
 * Notification templates (issue 14 section 3): the organisation's overrides of the product's
 * wording per kind, alarm type, channel and language. A save refuses unknown placeholders,
 * naming them; a preview renders with sample values and saves nothing.
 */
export const notificationTemplateRoutes = defineRoutes('notificationTemplates', [
  route(NOTIFICATION_TEMPLATE_ROUTES.get, {
    action: async ({ caller }) => ({ statusCode: 200, body: { items: await templates().list(caller.customerId) } }),
  }),
  route(NOTIFICATION_TEMPLATE_ROUTES.put, {
    action: async ({ caller, body }) => ({ statusCode: 200, body: { template: (await templates().save(caller, caller.customerId, body)) ?? null } }),
  }),
  route(NOTIFICATION_TEMPLATE_ROUTES.remove, {
    action: async ({ caller, query }) => {
      const key = templateKeySchema.safeParse(query);
      if (!key.success) throw validationError(key.error.issues[0]?.message ?? MESSAGES.genericError);
      await templates().remove(caller, caller.customerId, key.data);
      return { statusCode: 204 };
    },
  }),
  route(NOTIFICATION_TEMPLATE_ROUTES.postPreview, {
    action: async ({ caller, body }) => ({ statusCode: 200, body: await templates().preview(caller.customerId, body) }),
  }),
]);
