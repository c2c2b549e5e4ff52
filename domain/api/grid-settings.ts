import { gridSettingsSchema } from '../identity/grid-settings';
import { contract, SIGNED_IN } from './contract';

/** The contracts of lambdas/accounts/grid-settings.ts (docs/adding-a-route.md). */
export const GRID_SETTINGS_ROUTES = {
  getGridsettingsById: contract({
    method: 'GET', path: '/account/gridsettings/{gridId}', roles: SIGNED_IN, summary: 'My column settings of one data grid', response: gridSettingsSchema,
  }),
  putGridsettingsById: contract({
    method: 'PUT', path: '/account/gridsettings/{gridId}', roles: SIGNED_IN, personalSetting: true, summary: 'Save my column settings of one data grid', body: gridSettingsSchema, response: gridSettingsSchema,
  }),
} as const;
