import type { GridLocaleText } from '@mui/x-data-grid';
import { enUS, esES, frFR } from '@mui/x-data-grid/locales';
import type { Language } from '../i18n';

const GRID_LOCALES = { en: enUS, fr: frFR, es: esES } as const;

/** The data grid's own texts (pagination, menus) in the user's language. */
export function gridLocaleText(language: Language): Partial<GridLocaleText> {
  return GRID_LOCALES[language].components.MuiDataGrid.defaultProps.localeText;
}
