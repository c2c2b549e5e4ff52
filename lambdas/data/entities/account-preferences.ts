import { Entity, type EntityItem } from 'electrodb';
import { DEFAULT_ACCOUNT_PREFERENCES, type AccountPreferences, type LastSelectedLocation } from '@domain/identity/account';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import type { KeyParams, PutParams } from '../writes';

/** The account's preferences and its last selected location. */
export interface AccountPreferencesRecord extends AccountPreferences {
  lastSelectedLocation?: LastSelectedLocation;
}

/** An account's preferences (docs/data-model.md "User views, settings, ..."): one item beside its user item. */
export const accountPreferences = new Entity({
  model: { entity: 'accountPreferences', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    accountId: { type: 'string', required: true },
    // The preference maps (`{ audit: { isVisible } }`, ...), kept as given.
    module: { type: 'any' },
    feature: { type: 'any' },
    lastSelectedLocation: { type: 'any' },
    type: { type: 'string', default: 'PREFERENCES' },
  },
  indexes: {
    byAccount: {
      pk: { field: 'pk', composite: ['customerId'], template: 'C#${customerId}#USER', casing: 'none' },
      sk: { field: 'sk', composite: ['accountId'], template: 'USER#${accountId}#PREFERENCES', casing: 'none' },
    },
  },
});
export type AccountPreferencesItem = EntityItem<typeof accountPreferences>;

export const accountPreferencesPut = (tableName: string, customerId: string, accountId: string, preferences: AccountPreferencesRecord): PutParams =>
  accountPreferences.put({ customerId, accountId, ...preferences }).params<PutParams>({ table: tableName });

export const accountPreferencesKeyParams = (tableName: string, customerId: string, accountId: string): KeyParams =>
  accountPreferences.get({ customerId, accountId }).params<KeyParams>({ table: tableName });

/** The preferences, picked field by field, with the defaults for an account that saved none. */
export function toAccountPreferences(item: Record<string, unknown> | undefined): AccountPreferencesRecord {
  const stored = item as Partial<AccountPreferencesRecord> | undefined;
  return {
    module: stored?.module ?? DEFAULT_ACCOUNT_PREFERENCES.module,
    feature: stored?.feature ?? DEFAULT_ACCOUNT_PREFERENCES.feature,
    ...(stored?.lastSelectedLocation ? { lastSelectedLocation: stored.lastSelectedLocation } : {}),
  };
}
