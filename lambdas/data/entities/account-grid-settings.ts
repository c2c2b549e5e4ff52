import { Entity, type EntityItem } from 'electrodb';
import { DEFAULT_GRID_SETTINGS, gridSettingsSchema, type GridSettings } from '@domain/identity/grid-settings';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import type { KeyParams, PutParams } from '../writes';

/**
 * A user's column settings of one data grid (docs/data-model.md pattern 9): one item per grid
 * beside the account's preferences, so saving one grid never rewrites another's.
 */
export const accountGridSettings = new Entity({
  model: { entity: 'accountGridSettings', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    accountId: { type: 'string', required: true },
    gridId: { type: 'string', required: true },
    settings: { type: 'any' },
    type: { type: 'string', default: 'GRID_SETTINGS' },
  },
  indexes: {
    byGrid: {
      pk: { field: 'pk', composite: ['customerId'], template: 'C#${customerId}#USER', casing: 'none' },
      sk: { field: 'sk', composite: ['accountId', 'gridId'], template: 'USER#${accountId}#PREFERENCES#GRID#${gridId}', casing: 'none' },
    },
  },
});
export type AccountGridSettingsItem = EntityItem<typeof accountGridSettings>;

export const accountGridSettingsPut = (tableName: string, customerId: string, accountId: string, gridId: string, settings: GridSettings): PutParams =>
  accountGridSettings.put({ customerId, accountId, gridId, settings }).params<PutParams>({ table: tableName });

export const accountGridSettingsKeyParams = (tableName: string, customerId: string, accountId: string, gridId: string): KeyParams =>
  accountGridSettings.get({ customerId, accountId, gridId }).params<KeyParams>({ table: tableName });

/** The settings as the domain's schema reads them; what it does not accept reads as the defaults. */
export function toGridSettings(item: Record<string, unknown> | undefined): GridSettings {
  const parsed = gridSettingsSchema.safeParse(item?.['settings'] ?? {});
  return parsed.success ? parsed.data : DEFAULT_GRID_SETTINGS;
}
