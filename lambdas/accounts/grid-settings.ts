import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { notFound } from '@domain/core/errors';
import { gridSettingsSchema, isGridId, type GridSettings } from '@domain/identity/grid-settings';
import { accountGridSettingsKeyParams, accountGridSettingsPut, toGridSettings } from '../data';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { route, SIGNED_IN, type ResourceRoute } from '../shared/routing';

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
  route({
    method: 'GET', path: '/account/gridsettings/{gridId}', roles: SIGNED_IN, summary: 'My column settings of one data grid', response: gridSettingsSchema,
    action: async ({ caller, params }) => ({ statusCode: 200, body: await store().get(caller.customerId, caller.accountId, gridIdOf(params.gridId)) }),
  }),
  route({
    method: 'PUT', path: '/account/gridsettings/{gridId}', roles: SIGNED_IN, personalSetting: true, summary: 'Save my column settings of one data grid', body: gridSettingsSchema, response: gridSettingsSchema,
    action: async ({ caller, body: settings, params }) => {
      // Not stored under a proxy (routing.ts, personalSetting).
      if (caller.proxy === undefined) await store().save(caller.customerId, caller.accountId, gridIdOf(params.gridId), settings);
      return { statusCode: 200, body: settings };
    },
  }),
];
