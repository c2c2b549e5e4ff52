import useSWR, { type SWRResponse } from 'swr';
import type { GridSettings } from '@domain/identity/grid-settings';
import { GRID_SETTINGS_ROUTES } from '@domain/api/grid-settings';
import { call } from './client';
import type { ApiError } from './ApiError';

export const gridSettingsKey = (gridId: string) => ['grid-settings', gridId] as const;

/** GET account/gridsettings/{gridId}: my column settings of one grid. */
export function useGridSettings(gridId: string): SWRResponse<GridSettings, ApiError> {
  return useSWR<GridSettings, ApiError, ReturnType<typeof gridSettingsKey>>(
    gridSettingsKey(gridId),
    ([, id]) => call(GRID_SETTINGS_ROUTES.getGridsettingsById, { params: { gridId: id } }),
    { revalidateOnFocus: false },
  );
}

/** PUT account/gridsettings/{gridId}. */
export function saveGridSettings(gridId: string, settings: GridSettings): Promise<GridSettings> {
  return call(GRID_SETTINGS_ROUTES.putGridsettingsById, { params: { gridId }, body: settings });
}
