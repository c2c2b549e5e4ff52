import { Entity, type EntityItem } from 'electrodb';
import { customerIdAttribute } from '../attributes';
import { SERVICE } from '../key-parts';
import type { KeyParams, PutParams } from '../writes';

/** The organisation's overrides of the interface texts as stored (the web app loads them after sign-in). */
export interface TranslationOverridesRecord {
  /** Per language, the texts overridden (domain/identity/settings.ts translationOverridesSchema). */
  overrides: unknown;
  version: number;
  updatedAt: string;
  updatedBy: string;
}

/**
 * The organisation's translation overrides (docs/data-model.md): one item per organisation,
 * replaced whole (an import, a reset), on the version read.
 */
export const translationOverrides = new Entity({
  model: { entity: 'translationOverrides', version: '1', service: SERVICE },
  attributes: {
    customerId: customerIdAttribute,
    // The catalogue of overrides, kept as given (validated by the API and again on read).
    overrides: { type: 'any' },
    version: { type: 'number', required: true },
    updatedAt: { type: 'string' },
    updatedBy: { type: 'string' },
    type: { type: 'string', default: 'TRANSLATIONS' },
  },
  indexes: {
    byOrganisation: {
      pk: { field: 'pk', composite: ['customerId'], template: 'C#${customerId}#TRANSLATIONS', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'TRANSLATIONS', casing: 'none' },
    },
  },
});
export type TranslationOverridesItem = EntityItem<typeof translationOverrides>;

export const translationOverridesPut = (tableName: string, customerId: string, record: TranslationOverridesRecord): PutParams =>
  translationOverrides.put({ customerId, ...record }).params<PutParams>({ table: tableName });

export const translationOverridesKeyParams = (tableName: string, customerId: string): KeyParams =>
  translationOverrides.get({ customerId }).params<KeyParams>({ table: tableName });
