import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { DomainError, validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { auditReportInputSchema, dashboardPreferencesSchema, translationOverridesSchema } from '@domain/identity/settings';
import { API_PREFIX } from '../routes';
import { auditItem } from '../shared/audit';
import { dynamoDocumentClient } from '../shared/clients';
import { backendConfig } from '../shared/config';
import { ENTITY } from '../shared/keys';
import { bodyOf, createResourceHandler, requireCaller, type ResourceActions } from '../shared/http';
import { UserViewStore } from '../user-views/store';
import { SettingsStore } from './store';

const store = () => new SettingsStore(dynamoDocumentClient(), backendConfig().tableName);
/** One item holds every override with room for its bookkeeping (DynamoDB items are at most 400 KB). */
export const TRANSLATION_OVERRIDES_MAX_BYTES = 300 * 1024;

/**
 * Settings: the user's dashboard preferences, the organisation's interface texts (overrides
 * of the catalogue, imported from translation.csv by an administrator and loaded by the web
 * app after sign-in), and the audit entries the portal posts (password update).
 */
export const settingsActions: ResourceActions = {
  [`GET ${API_PREFIX}/account/dashboardpreferences`]: async (request) => {
    const caller = requireCaller(request);
    return { statusCode: 200, body: await store().dashboardPreferences(caller.customerId, caller.accountId) };
  },
  [`PUT ${API_PREFIX}/account/dashboardpreferences`]: async (request) => {
    const caller = requireCaller(request);
    const preferences = bodyOf(request, dashboardPreferencesSchema);
    if (preferences.defaultUserViewId !== null) {
      // The view must exist in the organisation (what a member may see of it is decided when the dashboard reads it).
      await new UserViewStore(dynamoDocumentClient(), backendConfig().tableName).get(caller.customerId, preferences.defaultUserViewId)
        .catch((error: unknown) => {
          if (error instanceof DomainError && error.kind === 'not-found') {
            throw validationError(MESSAGES.userViewNotFound, { defaultUserViewId: MESSAGES.userViewNotFound });
          }
          throw error;
        });
    }
    await store().saveDashboardPreferences(caller.customerId, caller.accountId, preferences);
    return { statusCode: 200, body: preferences };
  },
  [`GET ${API_PREFIX}/translations`]: async (request) => {
    const caller = requireCaller(request);
    return { statusCode: 200, body: await store().overrides(caller.customerId) };
  },
  [`PUT ${API_PREFIX}/translations`]: async (request) => {
    const caller = requireCaller(request);
    const overrides = bodyOf(request, translationOverridesSchema);
    if (Buffer.byteLength(JSON.stringify(overrides)) > TRANSLATION_OVERRIDES_MAX_BYTES) throw validationError(MESSAGES.translationCsvTooLarge);
    return { statusCode: 200, body: await store().replaceOverrides(caller, caller.customerId, overrides) };
  },
  [`DELETE ${API_PREFIX}/translations`]: async (request) => {
    const caller = requireCaller(request);
    return { statusCode: 200, body: await store().replaceOverrides(caller, caller.customerId, { en: {}, fr: {}, es: {} }) };
  },
  [`PUT ${API_PREFIX}/auditreport`]: async (request) => {
    const caller = requireCaller(request);
    const { action } = bodyOf(request, auditReportInputSchema);
    const now = new Date();
    // The identity service changed the password; the portal records that it happened (never the password).
    await dynamoDocumentClient().send(new PutCommand({
      TableName: backendConfig().tableName,
      Item: auditItem(caller.customerId, caller, ENTITY.user, caller.accountId, 'update', {}, { [action]: now.toISOString() }, now),
    }));
    return { statusCode: 204 };
  },
};

export const handler = createResourceHandler('settings', settingsActions);
