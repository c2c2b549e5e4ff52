import { Entity, type EntityItem } from 'electrodb';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import type { KeyParams, PutParams } from '../writes';

/** The account's dashboard preferences, beside its other preferences (lambdas/settings reads and writes them). */
export const accountDashboardPreferences = new Entity({
  model: { entity: 'accountDashboardPreferences', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    accountId: { type: 'string', required: true },
    preferences: { type: 'any' },
    type: { type: 'string', default: 'DASHBOARD_PREFERENCES' },
  },
  indexes: {
    byAccount: {
      pk: { field: 'pk', composite: ['customerId'], template: 'C#${customerId}#USER', casing: 'none' },
      sk: { field: 'sk', composite: ['accountId'], template: 'USER#${accountId}#PREFERENCES#DASHBOARD', casing: 'none' },
    },
  },
});
export type AccountDashboardPreferencesItem = EntityItem<typeof accountDashboardPreferences>;

export const accountDashboardPreferencesPut = (tableName: string, customerId: string, accountId: string, preferences: unknown): PutParams =>
  accountDashboardPreferences.put({ customerId, accountId, preferences }).params<PutParams>({ table: tableName });

export const accountDashboardPreferencesKeyParams = (tableName: string, customerId: string, accountId: string): KeyParams =>
  accountDashboardPreferences.get({ customerId, accountId }).params<KeyParams>({ table: tableName });
