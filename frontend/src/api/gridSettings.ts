import useSWR, { type SWRResponse } from 'swr';
import { gridSettingsSchema, type GridSettings } from '@domain/identity/grid-settings';
import { apiFetchAs } from './apiFetch';
import type { ApiError } from './ApiError';

const path = (gridId: string) => `/account/gridsettings/${encodeURIComponent(gridId)}`;

export const gridSettingsKey = (gridId: string) => ['grid-settings', gridId] as const;

/** GET account/gridsettings/{gridId}: my column settings of one grid. */
export function useGridSettings(gridId: string): SWRResponse<GridSettings, ApiError> {
  return useSWR<GridSettings, ApiError, ReturnType<typeof gridSettingsKey>>(
    gridSettingsKey(gridId),
    ([, id]) => apiFetchAs(gridSettingsSchema, path(id)),
    { revalidateOnFocus: false },
  );
}

/** PUT account/gridsettings/{gridId}. */
export function saveGridSettings(gridId: string, settings: GridSettings): Promise<GridSettings> {
  return apiFetchAs(gridSettingsSchema, path(gridId), { method: 'PUT', body: settings });
}
