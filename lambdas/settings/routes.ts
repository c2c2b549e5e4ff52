import { putAuditEntry } from '../data/audit';
import { dynamoDocumentClient } from '../data/client';
import { validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { backendConfig } from '../shared/config';
import { readUserView, ENTITY } from '../data';
import { SettingsStore } from '../data/repositories/settings';
import { defineRoutes, route } from '../shared/routing';
import { SETTINGS_ROUTES } from '@domain/api/settings';

const store = () => new SettingsStore(dynamoDocumentClient(), backendConfig().tableName);

/** One item holds every override with room for its bookkeeping (DynamoDB items are at most 400 KB). */
export const TRANSLATION_OVERRIDES_MAX_BYTES = 300 * 1024;

/**
 * Settings: the user's dashboard preferences, the organisation's interface texts (overrides
 * of the catalogue, imported from translation.csv by an administrator and loaded by the web
 * app after sign-in), and the audit entries the portal posts (password update).
 */
export const settingsRoutes = defineRoutes('settings', [
  route(SETTINGS_ROUTES.getAccountDashboardpreferences, {
    action: async ({ caller }) => {
      return { statusCode: 200, body: await store().dashboardPreferences(caller.customerId, caller.accountId) };
    },
  }),
  route(SETTINGS_ROUTES.putAccountDashboardpreferences, {
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
  route(SETTINGS_ROUTES.get, {
    action: async ({ caller }) => {
      return { statusCode: 200, body: await store().overrides(caller.customerId) };
    },
  }),
  route(SETTINGS_ROUTES.put, {
    action: async ({ caller, body: overrides }) => {
      if (Buffer.byteLength(JSON.stringify(overrides)) > TRANSLATION_OVERRIDES_MAX_BYTES) throw validationError(MESSAGES.translationCsvTooLarge);
      return { statusCode: 200, body: await store().replaceOverrides(caller, caller.customerId, overrides) };
    },
  }),
  route(SETTINGS_ROUTES.remove, {
    action: async ({ caller }) => {
      return { statusCode: 200, body: await store().replaceOverrides(caller, caller.customerId, { en: {}, fr: {}, es: {} }) };
    },
  }),
  route(SETTINGS_ROUTES.putAuditreport, {
    action: async ({ caller, body }) => {
      const { action } = body;
      const now = new Date();
      // The identity service changed the password; the portal records that it happened (never the password).
      await putAuditEntry(dynamoDocumentClient(), backendConfig().tableName, caller.customerId, caller, ENTITY.user, caller.accountId, 'update', {}, { [action]: now.toISOString() }, now);
      return { statusCode: 204 };
    },
  }),
]);

