import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { GridSettings } from '@domain/identity/grid-settings';
import { accountGridSettings, accountGridSettingsPut, toGridSettings } from '../entities/account-grid-settings';
import { entityOn, storedItem } from '../entity-reads';

/**
 * A user's column settings of each data grid, one item per grid beside the account's
 * preferences (docs/data-model.md pattern 9), so saving one grid never rewrites another's
 * settings or the preferences.
 */
export class GridSettingsStore {
  constructor(private readonly client: DynamoDBDocumentClient, private readonly tableName: string) {}

  async get(customerId: string, accountId: string, gridId: string): Promise<GridSettings> {
    const { data } = await entityOn(accountGridSettings, this.client, this.tableName).get({ customerId, accountId, gridId }).go({ data: 'raw' });
    return toGridSettings(storedItem(data));
  }

  async save(customerId: string, accountId: string, gridId: string, settings: GridSettings): Promise<void> {
    await this.client.send(new PutCommand(accountGridSettingsPut(this.tableName, customerId, accountId, gridId, settings)));
  }
}
