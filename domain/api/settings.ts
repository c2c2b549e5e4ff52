import { ORGANISATION_WRITERS } from '../identity/roles';
import { auditReportInputSchema, dashboardPreferencesSchema, translationOverridesSchema } from '../identity/settings';
import { contract, SIGNED_IN } from './contract';
import * as z from 'zod';

export const translationsResponse = z.object({ overrides: translationOverridesSchema, version: z.number().int(), updatedAt: z.string().nullable(), updatedBy: z.string().nullable() });

/** The contracts of lambdas/settings/routes.ts (docs/adding-a-route.md). */
export const SETTINGS_ROUTES = {
  getAccountDashboardpreferences: contract({
    method: 'GET', path: '/account/dashboardpreferences', roles: SIGNED_IN, summary: 'My dashboard preferences', response: dashboardPreferencesSchema,
  }),
  putAccountDashboardpreferences: contract({
    method: 'PUT', path: '/account/dashboardpreferences', roles: SIGNED_IN, personalSetting: true, summary: 'Save my dashboard preferences', body: dashboardPreferencesSchema, response: dashboardPreferencesSchema,
  }),
  get: contract({
    method: 'GET', path: '/translations', roles: SIGNED_IN, summary: "The organisation's overrides of the interface texts (loaded after sign-in)", response: translationsResponse,
  }),
  put: contract({
    method: 'PUT', path: '/translations', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Replace the overrides with an imported translation.csv', body: translationOverridesSchema, response: translationsResponse,
  }),
  remove: contract({
    method: 'DELETE', path: '/translations', roles: ORGANISATION_WRITERS, organisationWide: true, summary: "Go back to the product's texts", response: translationsResponse,
  }),
  putAuditreport: contract({
    method: 'PUT', path: '/auditreport', roles: SIGNED_IN, summary: 'Record an audit entry for an action the portal did (password update)', body: auditReportInputSchema,
  }),
} as const;
