import { notFound } from '@domain/core/errors';
import { dynamoDocumentClient } from '../data/client';
import { GridSettingsStore } from '../data/repositories/grid-settings';
import { isGridId } from '@domain/identity/grid-settings';
import { backendConfig } from '../shared/config';
import { route, type ResourceRoute } from '../shared/routing';
import { GRID_SETTINGS_ROUTES } from '@domain/api/grid-settings';

const store = () => new GridSettingsStore(dynamoDocumentClient(), backendConfig().tableName);

/** A grid id is a short slug; anything else names no grid. */
function gridIdOf(gridId: string): string {
  if (!isGridId(gridId)) throw notFound();
  return gridId;
}

/** Always the caller's own settings: there is no reading or writing another user's. */
export const gridSettingsRoutes: ResourceRoute[] = [
  route(GRID_SETTINGS_ROUTES.getGridsettingsById, {
    action: async ({ caller, params }) => ({ statusCode: 200, body: await store().get(caller.customerId, caller.accountId, gridIdOf(params.gridId)) }),
  }),
  route(GRID_SETTINGS_ROUTES.putGridsettingsById, {
    action: async ({ caller, body: settings, params }) => {
      // Not stored under a proxy (routing.ts, personalSetting).
      if (caller.proxy === undefined) await store().save(caller.customerId, caller.accountId, gridIdOf(params.gridId), settings);
      return { statusCode: 200, body: settings };
    },
  }),
];
