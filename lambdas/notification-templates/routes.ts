import { validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { ORGANISATION_WRITERS } from '@domain/identity/roles';
import { storedTemplateSchema, templateKeySchema, templatePreviewSchema } from '@domain/notifications/template-overrides';
import { notificationTemplateSchema } from '@domain/notifications/templates';
import { z } from 'zod';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { defineRoutes, route } from '../shared/routing';
import { NotificationTemplateStore } from '../data/repositories/notification-templates';

const templates = () => new NotificationTemplateStore(dynamoDocumentClient(), backendConfig().tableName);

/** Administrators edit their organisation's templates (the tenant is the token's). */
export const NOTIFICATION_TEMPLATE_ROLES = ORGANISATION_WRITERS;

/** The answer of a save: the override as stored, or none when it set no field (a reset). */
const savedSchema = z.object({ template: storedTemplateSchema.nullable() });

/**
 * Notification templates (issue 14 section 3): the organisation's overrides of the product's
 * wording per kind, alarm type, channel and language. A save refuses unknown placeholders,
 * naming them; a preview renders with sample values and saves nothing.
 */
export const notificationTemplateRoutes = defineRoutes('notificationTemplates', [
  route({
    method: 'GET', path: '/notificationtemplates', roles: NOTIFICATION_TEMPLATE_ROLES, summary: "The organisation's notification template overrides (those not listed are the product's defaults)",
    response: z.object({ items: z.array(storedTemplateSchema) }),
    action: async ({ caller }) => ({ statusCode: 200, body: { items: await templates().list(caller.customerId) } }),
  }),
  route({
    method: 'PUT', path: '/notificationtemplates', roles: NOTIFICATION_TEMPLATE_ROLES, organisationWide: true,
    summary: 'Save the override of one kind, channel, language and alarm type (400 naming unknown placeholders; all fields blank: back to the default)',
    body: notificationTemplateSchema, response: savedSchema,
    action: async ({ caller, body }) => ({ statusCode: 200, body: { template: (await templates().save(caller, caller.customerId, body)) ?? null } }),
  }),
  route({
    method: 'DELETE', path: '/notificationtemplates', roles: NOTIFICATION_TEMPLATE_ROLES, organisationWide: true,
    summary: 'Back to the default: delete the override the query names (kind, channel, language, alarmType); 404 when there is none',
    action: async ({ caller, query }) => {
      const key = templateKeySchema.safeParse(query);
      if (!key.success) throw validationError(key.error.issues[0]?.message ?? MESSAGES.genericError);
      await templates().remove(caller, caller.customerId, key.data);
      return { statusCode: 204 };
    },
  }),
  route({
    method: 'POST', path: '/notificationtemplates/preview', roles: NOTIFICATION_TEMPLATE_ROLES,
    summary: "Render a template (its blank fields the default) with sample values: a device, the organisation's first site, a reading, now in the site's zone, a link; nothing saved",
    body: notificationTemplateSchema, response: templatePreviewSchema,
    action: async ({ caller, body }) => ({ statusCode: 200, body: await templates().preview(caller.customerId, body) }),
  }),
]);
