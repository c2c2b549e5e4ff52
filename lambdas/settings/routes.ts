import { z } from 'zod';
import { ORGANISATION_WRITERS } from '@domain/identity/roles';
import { validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { auditReportInputSchema, dashboardPreferencesSchema, translationOverridesSchema } from '@domain/identity/settings';
import { putAuditEntry } from '../data/audit';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { ENTITY } from '../data/keys';
import { readUserView } from '../data';
import { SettingsStore } from '../data/repositories/settings';
import { defineRoutes, route, SIGNED_IN } from '../shared/routing';

const store = () => new SettingsStore(dynamoDocumentClient(), backendConfig().tableName);
const translationsResponse = z.object({ overrides: translationOverridesSchema, version: z.number().int(), updatedAt: z.string().nullable(), updatedBy: z.string().nullable() });

/** One item holds every override with room for its bookkeeping (DynamoDB items are at most 400 KB). */
export const TRANSLATION_OVERRIDES_MAX_BYTES = 300 * 1024;

/**
 * Settings: the user's dashboard preferences, the organisation's interface texts (overrides
 * of the catalogue, imported from translation.csv by an administrator and loaded by the web
 * app after sign-in), and the audit entries the portal posts (password update).
 */
export const settingsRoutes = defineRoutes('settings', [
  route({
    method: 'GET', path: '/account/dashboardpreferences', roles: SIGNED_IN, summary: 'My dashboard preferences', response: dashboardPreferencesSchema,
    action: async ({ caller }) => {
      return { statusCode: 200, body: await store().dashboardPreferences(caller.customerId, caller.accountId) };
    },
  }),
  route({
    method: 'PUT', path: '/account/dashboardpreferences', roles: SIGNED_IN, personalSetting: true, summary: 'Save my dashboard preferences', body: dashboardPreferencesSchema, response: dashboardPreferencesSchema,
    action: async ({ caller, body: preferences }) => {
      if (preferences.defaultUserViewId !== null) {
        // The view must exist in the organisation (what a member may see of it is decided when the dashboard reads it).
        if (await readUserView(dynamoDocumentClient(), backendConfig().tableName, caller.customerId, preferences.defaultUserViewId) === undefined) {
          throw validationError(MESSAGES.userViewNotFound, { defaultUserViewId: MESSAGES.userViewNotFound });
        }
      }
      // Not stored under a proxy (routing.ts, personalSetting).
      if (caller.proxy === undefined) await store().saveDashboardPreferences(caller.customerId, caller.accountId, preferences);
      return { statusCode: 200, body: preferences };
    },
  }),
  route({
    method: 'GET', path: '/translations', roles: SIGNED_IN, summary: "The organisation's overrides of the interface texts (loaded after sign-in)", response: translationsResponse,
    action: async ({ caller }) => {
      return { statusCode: 200, body: await store().overrides(caller.customerId) };
    },
  }),
  route({
    method: 'PUT', path: '/translations', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Replace the overrides with an imported translation.csv', body: translationOverridesSchema, response: translationsResponse,
    action: async ({ caller, body: overrides }) => {
      if (Buffer.byteLength(JSON.stringify(overrides)) > TRANSLATION_OVERRIDES_MAX_BYTES) throw validationError(MESSAGES.translationCsvTooLarge);
      return { statusCode: 200, body: await store().replaceOverrides(caller, caller.customerId, overrides) };
    },
  }),
  route({
    method: 'DELETE', path: '/translations', roles: ORGANISATION_WRITERS, organisationWide: true, summary: "Go back to the product's texts", response: translationsResponse,
    action: async ({ caller }) => {
      return { statusCode: 200, body: await store().replaceOverrides(caller, caller.customerId, { en: {}, fr: {}, es: {} }) };
    },
  }),
  route({
    method: 'PUT', path: '/auditreport', roles: SIGNED_IN, summary: 'Record an audit entry for an action the portal did (password update)', body: auditReportInputSchema,
    action: async ({ caller, body }) => {
      const { action } = body;
      const now = new Date();
      // The identity service changed the password; the portal records that it happened (never the password).
      await putAuditEntry(dynamoDocumentClient(), backendConfig().tableName, caller.customerId, caller, ENTITY.user, caller.accountId, 'update', {}, { [action]: now.toISOString() }, now);
      return { statusCode: 204 };
    },
  }),
]);

