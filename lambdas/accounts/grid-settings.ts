import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { notFound } from '@domain/core/errors';
import { DEFAULT_GRID_SETTINGS, gridSettingsSchema, isGridId, type GridSettings } from '@domain/identity/grid-settings';
import { API_PREFIX } from '../routes';
import { dynamoDocumentClient } from '../shared/clients';
import { backendConfig } from '../shared/config';
import { bodyOf, pathParameter, requireCaller, type ActionRequest, type ResourceActions } from '../shared/http';
import { accountGridSettingsKey } from '../shared/keys';

/**
 * A user's column settings of each data grid, one item per grid beside the account's
 * preferences (docs/data-model.md pattern 9), so saving one grid never rewrites another's
 * settings or the preferences.
 */
export class GridSettingsStore {
  constructor(private readonly client: DynamoDBDocumentClient, private readonly tableName: string) {}

  async get(customerId: string, accountId: string, gridId: string): Promise<GridSettings> {
    const result = await this.client.send(new GetCommand({
      TableName: this.tableName,
      Key: accountGridSettingsKey(customerId, accountId, gridId),
    }));
    const parsed = gridSettingsSchema.safeParse(result.Item?.['settings'] ?? {});
    return parsed.success ? parsed.data : DEFAULT_GRID_SETTINGS;
  }

  async save(customerId: string, accountId: string, gridId: string, settings: GridSettings): Promise<void> {
    await this.client.send(new PutCommand({
      TableName: this.tableName,
      Item: { ...accountGridSettingsKey(customerId, accountId, gridId), type: 'GRID_SETTINGS', gridId, settings },
    }));
  }
}

const store = () => new GridSettingsStore(dynamoDocumentClient(), backendConfig().tableName);

/** A grid id is a short slug; anything else names no grid. */
function gridIdOf(request: ActionRequest): string {
  const gridId = pathParameter(request, 'gridId');
  if (!isGridId(gridId)) throw notFound();
  return gridId;
}

/** Always the caller's own settings: there is no reading or writing another user's. */
export const gridSettingsActions: ResourceActions = {
  [`GET ${API_PREFIX}/account/gridsettings/{gridId}`]: async (request) => {
    const caller = requireCaller(request);
    return { statusCode: 200, body: await store().get(caller.customerId, caller.accountId, gridIdOf(request)) };
  },
  [`PUT ${API_PREFIX}/account/gridsettings/{gridId}`]: async (request) => {
    const caller = requireCaller(request);
    const gridId = gridIdOf(request);
    const settings = bodyOf(request, gridSettingsSchema);
    await store().save(caller.customerId, caller.accountId, gridId, settings);
    return { statusCode: 200, body: settings };
  },
};
