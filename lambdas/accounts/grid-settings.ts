import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { notFound } from '@domain/core/errors';
import { isGridId, type GridSettings } from '@domain/identity/grid-settings';
import { accountGridSettingsKeyParams, accountGridSettingsPut, toGridSettings } from '../data';
import { dynamoDocumentClient } from '../shared/clients';
import { backendConfig } from '../shared/config';
import { route, type ResourceRoute } from '../shared/routing';
import { GRID_SETTINGS_ROUTES } from '@domain/api/grid-settings';

/**
 * A user's column settings of each data grid, one item per grid beside the account's
 * preferences (docs/data-model.md pattern 9), so saving one grid never rewrites another's
 * settings or the preferences.
 */
export class GridSettingsStore {
  constructor(private readonly client: DynamoDBDocumentClient, private readonly tableName: string) {}

  async get(customerId: string, accountId: string, gridId: string): Promise<GridSettings> {
    const result = await this.client.send(new GetCommand(accountGridSettingsKeyParams(this.tableName, customerId, accountId, gridId)));
    return toGridSettings(result.Item);
  }

  async save(customerId: string, accountId: string, gridId: string, settings: GridSettings): Promise<void> {
    await this.client.send(new PutCommand(accountGridSettingsPut(this.tableName, customerId, accountId, gridId, settings)));
  }
}

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
