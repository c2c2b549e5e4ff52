import { PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  DEFAULT_DASHBOARD_PREFERENCES,
  dashboardPreferencesSchema,
  EMPTY_TRANSLATION_OVERRIDES,
  translationOverridesSchema,
  type DashboardPreferences,
  type TranslationOverrides,
} from '@domain/identity/settings';
import {
  accountDashboardPreferences,
  accountDashboardPreferencesPut,
  auditEntryPut,
  createPut,
  runTransaction,
  translationOverrides,
  translationOverridesPut,
  versionedPut,
  ENTITY,
} from '..';
import type { Caller } from '../../shared/caller';
import { entityOn, storedItem } from '../entity-reads';

export interface StoredOverrides {
  overrides: TranslationOverrides;
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** The audit entry of a catalogue change names the texts changed, not the whole catalogue (items stay small). */
const AUDITED_KEYS_MAX = 200;

function changedKeys(before: TranslationOverrides, after: TranslationOverrides): string[] {
  const changed: string[] = [];
  for (const language of ['en', 'fr', 'es'] as const) {
    const keys = new Set([...Object.keys(before[language]), ...Object.keys(after[language])]);
    for (const key of [...keys].sort()) if (before[language][key] !== after[language][key]) changed.push(`${language}:${key}`);
  }
  return changed;
}

const counts = (overrides: TranslationOverrides) => ({
  en: Object.keys(overrides.en).length, fr: Object.keys(overrides.fr).length, es: Object.keys(overrides.es).length,
});

/**
 * A user's dashboard preferences and the organisation's text overrides (the entities are
 * lambdas/data/entities/account-dashboard-preferences.ts and translation-overrides.ts).
 */
export class SettingsStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async dashboardPreferences(customerId: string, accountId: string): Promise<DashboardPreferences> {
    const { data } = await entityOn(accountDashboardPreferences, this.client, this.tableName).get({ customerId, accountId }).go({ data: 'raw' });
    const parsed = dashboardPreferencesSchema.safeParse(storedItem(data)?.['preferences']);
    return parsed.success ? parsed.data : DEFAULT_DASHBOARD_PREFERENCES;
  }

  async saveDashboardPreferences(customerId: string, accountId: string, preferences: DashboardPreferences): Promise<void> {
    await this.client.send(new PutCommand(accountDashboardPreferencesPut(this.tableName, customerId, accountId, preferences)));
  }

  async overrides(customerId: string, consistent = false): Promise<StoredOverrides> {
    const { data } = await entityOn(translationOverrides, this.client, this.tableName).get({ customerId }).go({ data: 'raw', consistent });
    const item = storedItem(data);
    const parsed = translationOverridesSchema.safeParse(item?.['overrides'] ?? {});
    return {
      overrides: parsed.success ? parsed.data : EMPTY_TRANSLATION_OVERRIDES,
      version: Number(item?.['version'] ?? 0),
      updatedAt: typeof item?.['updatedAt'] === 'string' ? item['updatedAt'] : null,
      updatedBy: typeof item?.['updatedBy'] === 'string' ? item['updatedBy'] : null,
    };
  }

  /** Replaces the overrides (an import, or a reset with none), conditional on the version read, with its audit entry. */
  async replaceOverrides(caller: Caller, customerId: string, overrides: TranslationOverrides): Promise<StoredOverrides> {
    const before = await this.overrides(customerId, true);
    const now = this.clock();
    const after = { overrides, version: before.version + 1, updatedAt: now.toISOString(), updatedBy: caller.email };
    const put = translationOverridesPut(this.tableName, customerId, after);
    await runTransaction(this.client, [
      // None stored yet (version 0): the first one must still be the first.
      before.version === 0 ? createPut(put) : versionedPut(put, before.version),
      auditEntryPut(this.tableName, {
        customerId, caller, entityType: ENTITY.translations, entityId: 'catalogue', action: 'update',
        before: { texts: counts(before.overrides) },
        after: { texts: counts(overrides), changed: changedKeys(before.overrides, overrides).slice(0, AUDITED_KEYS_MAX) },
        now,
      }),
    ]);
    return after;
  }
}
