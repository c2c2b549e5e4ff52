import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import SearchIcon from '@mui/icons-material/Search';
import ViewColumnIcon from '@mui/icons-material/ViewColumnOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  DataGrid,
  GridActionsCellItem,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridFilterModel,
  type GridRowId,
  type GridRowIdGetter,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { DEFAULT_GRID_SETTINGS, orderColumns, type GridSettings } from '@domain/identity/grid-settings';
import { useErrorText } from './useErrorText';
import { saveGridSettings, useGridSettings } from '../api/gridSettings';
import { useFormatters, type Formatters } from '../i18n/formatters';
import { useLanguage } from '../i18n/useLanguage';
import { AdminGridCards, type AdminGridCard } from './AdminGridCards';
import type { AdminGridRowAction } from './AdminGridRowAction';
import { ColumnSettingsDialog } from './ColumnSettingsDialog';
import { gridLocaleText } from './gridLocales';

export type { AdminGridRowAction };

/** Whether the user's column settings are loaded and saved, and under which grid. */
export type AdminGridColumnSettings =
  | {
    /** Which grid the user's column settings belong to (a slug: `security-groups`). */
    gridId: string;
    columnSettings?: true;
  }
  | {
    /**
     * No column settings: none are loaded or saved, and there is no Columns button (a screen
     * shown before sign-in completes has no session to load them with).
     */
    columnSettings: false;
    gridId?: undefined;
  };

export interface AdminGridContentProps<R extends GridValidRowModel> {
  /** The grid's accessible name (usually the page title). */
  label: string;
  rows: readonly R[] | undefined;
  columns: readonly GridColDef<R>[];
  loading?: boolean;
  /** A failed load: shown above the grid with a Reload button. */
  error?: unknown;
  onReload?: () => void;
  /** Beside the search box: the Add button, typically. */
  toolbar?: ReactNode;
  rowActions?: readonly AdminGridRowAction<R>[];
  /** What an empty list says. */
  emptyLabel?: string;
  getRowId?: GridRowIdGetter<R>;
  initialSort?: GridSortModel;
  /** The row actions' column first instead of last (the alarm lists: acting on an alarm is what a row is for, whatever the width). */
  actionsFirst?: boolean;
  /** Rows picked with a checkbox, for an action on several at once (alarms acknowledged together). */
  selection?: { ids: ReadonlySet<GridRowId>; onChange(ids: Set<GridRowId>): void; isSelectable?(row: R): boolean };
  /**
   * Columns hidden until the user shows them in the column settings: what a manager needs
   * less, so the list fits a 1366 px screen without scrolling sideways (issue 17 item 5).
   */
  defaultHiddenColumns?: readonly string[];
  /** A row's card on a phone; without it, the first columns. */
  card?: (row: R) => AdminGridCard;
  /** Rows as tall as their cells (a cell of several lines: an audit entry's changes). */
  autoRowHeight?: boolean;
}

export type AdminGridProps<R extends GridValidRowModel> = AdminGridContentProps<R> & AdminGridColumnSettings;

/** A change of the column settings; `delay` lets a burst of changes (a drag) settle before it is saved. */
type SettingsChange = (update: (current: GridSettings) => GridSettings, delay?: number) => void;

interface AdminGridBodyProps<R extends GridValidRowModel> extends AdminGridContentProps<R> {
  settings: GridSettings;
  onSettingsChange: SettingsChange;
  /** Offers the Columns button (the settings dialog). */
  columnsButton: boolean;
}

/** Width changes come in bursts while a column is dragged: saved once it settles. */
const SAVE_DELAY_MS = 600;
const ACTIONS_FIELD = '__actions';
/** An action's icon button and the cell's padding. */
const ACTION_WIDTH = 40;
const ACTIONS_PADDING = 16;

/** The user's visibility over the grid's own: a column the user never touched keeps its default. */
export function effectiveVisibility(defaultHidden: readonly string[], saved: GridColumnVisibilityModel): GridColumnVisibilityModel {
  return { ...Object.fromEntries(defaultHidden.map((field) => [field, false])), ...saved };
}

/**
 * The data grid of every list screen: quick search, sorting, loading and error states, a
 * toolbar slot, row actions, and column settings (visibility, order, widths) saved per user
 * and per grid through `PUT /api/account/gridsettings/{gridId}`, unless `columnSettings` is
 * false.
 */
export function AdminGrid<R extends GridValidRowModel>(props: AdminGridProps<R>) {
  if (props.columnSettings === false) {
    const { columnSettings: _none, gridId: _noGrid, ...content } = props;
    return <UnsavedSettingsGrid<R> {...content} />;
  }
  const { columnSettings: _saved, gridId, ...content } = props;
  return <SavedSettingsGrid<R> {...content} gridId={gridId} />;
}

/** Column settings saved per user: loaded with the grid, saved as they change. */
function SavedSettingsGrid<R extends GridValidRowModel>({ gridId, ...content }: AdminGridContentProps<R> & { gridId: string }) {
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const saved = useGridSettings(gridId);
  // The user's changes of this visit; until the first one, what the server has (or defaults).
  const [edited, setEdited] = useState<GridSettings | null>(null);
  const settings = edited ?? saved.data ?? DEFAULT_GRID_SETTINGS;
  const pendingSave = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(pendingSave.current), []);

  const persist = useCallback((next: GridSettings, delay: number) => {
    clearTimeout(pendingSave.current);
    pendingSave.current = setTimeout(() => {
      saveGridSettings(gridId, next)
        .then((stored) => saved.mutate(stored, { revalidate: false }))
        .catch((failure: unknown) => enqueueSnackbar(errorText(failure), { variant: 'error' }));
    }, delay);
  }, [enqueueSnackbar, errorText, gridId, saved]);

  const change = useCallback<SettingsChange>((update, delay = 0) => {
    const next = update(settings);
    setEdited(next);
    persist(next, delay);
  }, [persist, settings]);

  return <AdminGridBody<R> {...content} settings={settings} onSettingsChange={change} columnsButton />;
}

/** No saved column settings: a column hidden or resized stays so for this visit only. */
function UnsavedSettingsGrid<R extends GridValidRowModel>(content: AdminGridContentProps<R>) {
  const [settings, setSettings] = useState<GridSettings>(DEFAULT_GRID_SETTINGS);
  const change = useCallback<SettingsChange>((update) => setSettings(update), []);
  return <AdminGridBody<R> {...content} settings={settings} onSettingsChange={change} columnsButton={false} />;
}

/** Up to three decimals, as the grid's own number columns show them, in the user's digits. */
const GRID_NUMBER: Intl.NumberFormatOptions = { maximumFractionDigits: 3 };

/**
 * A column as shown: a number or time column without its own formatter formats through the
 * shared formatters in the user's language (issue 17 item 12), not the grid's toLocaleString,
 * which follows the browser's language.
 */
export function withUserFormat<R extends GridValidRowModel>(column: GridColDef<R>, formatters: Formatters): GridColDef<R> {
  if (column.valueFormatter !== undefined) return column;
  if (column.type === 'number') {
    return { ...column, valueFormatter: (value: unknown) => (typeof value === 'number' ? formatters.number(value, GRID_NUMBER) : '') };
  }
  if (column.type === 'dateTime' || column.type === 'date') {
    const format = column.type === 'date' ? formatters.date : formatters.dateTime;
    return { ...column, valueFormatter: (value: unknown) => (value instanceof Date || typeof value === 'string' || typeof value === 'number' ? format(value) : '') };
  }
  return column;
}

function AdminGridBody<R extends GridValidRowModel>({
  label,
  rows,
  columns,
  loading = false,
  error,
  onReload,
  toolbar,
  rowActions = [],
  emptyLabel,
  getRowId,
  initialSort,
  actionsFirst = false,
  selection,
  defaultHiddenColumns,
  card,
  autoRowHeight = false,
  settings: userSettings,
  onSettingsChange: change,
  columnsButton,
}: AdminGridBodyProps<R>) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const language = useLanguage();
  const formatters = useFormatters();
  const [search, setSearch] = useState('');
  // Controlled: with the sort only in `initialState`, the grid (9.14, in a browser) kept a row
  // that a refetch had just removed when the list first showed cached rows.
  const [sortModel, setSortModel] = useState<GridSortModel>(initialSort ?? []);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const theme = useTheme();
  // A phone shows cards: a grid's columns do not fit 390 px (issue 17 item 6).
  const asCards = useMediaQuery(theme.breakpoints.down('sm'));
  const settings = useMemo<GridSettings>(
    () => ({ ...userSettings, columnVisibility: effectiveVisibility(defaultHiddenColumns ?? [], userSettings.columnVisibility) }),
    [defaultHiddenColumns, userSettings],
  );

  const shownColumns = useMemo<GridColDef<R>[]>(() => {
    const own = orderColumns(columns, settings.columnOrder).map((column): GridColDef<R> => {
      const width = settings.columnWidths[column.field];
      const formatted = withUserFormat(column, formatters);
      // A width the user set wins over the column's flex.
      return width === undefined ? formatted : { ...formatted, width, flex: 0 };
    });
    if (rowActions.length === 0) return own;
    const actions: GridColDef<R> = {
      field: ACTIONS_FIELD,
      type: 'actions',
      headerName: t('adminGrid.actions'),
      // A fixed width, never hidden nor resized: the row's actions stay reachable.
      width: Math.max(80, ACTION_WIDTH * rowActions.length + ACTIONS_PADDING),
      resizable: false,
      hideable: false,
      sortable: false,
      getActions: ({ row }) => rowActions
        .filter((action) => !(action.hidden?.(row) ?? false))
        .map((action) => (
          <GridActionsCellItem
            key={action.key}
            icon={action.icon}
            label={action.label(row)}
            onClick={() => action.onClick(row)}
            disabled={action.disabled?.(row) ?? false}
          />
        )),
    };
    return actionsFirst ? [actions, ...own] : [...own, actions];
  }, [actionsFirst, columns, formatters, rowActions, settings.columnOrder, settings.columnWidths, t]);

  const filterModel = useMemo<GridFilterModel>(
    () => ({ items: [], quickFilterValues: search.split(/\s+/).filter((word) => word !== '') }),
    [search],
  );

  const localeText = useMemo(
    () => ({ ...gridLocaleText(language), ...(emptyLabel === undefined ? {} : { noRowsLabel: emptyLabel }) }),
    [emptyLabel, language],
  );

  const onVisibility = (model: GridColumnVisibilityModel) => {
    const { [ACTIONS_FIELD]: _actions, ...own } = model;
    change((current) => ({ ...current, columnVisibility: own }));
  };

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2, gap: 2 }}>
        <TextField
          size="small"
          type="search"
          label={t('adminGrid.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ minWidth: { sm: 280 } }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
        />
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          {columnsButton && (
            <Button variant="outlined" startIcon={<ViewColumnIcon />} onClick={() => setSettingsOpen(true)}>
              {t('adminGrid.columns')}
            </Button>
          )}
          {toolbar}
        </Stack>
      </Stack>
      {error !== undefined && error !== null && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={onReload && (
            <Button color="inherit" size="small" onClick={onReload}>
              {t('adminGrid.reload')}
            </Button>
          )}
        >
          {errorText(error)}
        </Alert>
      )}
      {asCards ? (
        <AdminGridCards<R>
          label={label}
          rows={rows ?? []}
          columns={shownColumns.filter((column) => column.field !== ACTIONS_FIELD && settings.columnVisibility[column.field] !== false)}
          rowId={(row) => (getRowId ? getRowId(row) : (row as unknown as { id: GridRowId }).id)}
          search={filterModel.quickFilterValues as string[]}
          sortModel={sortModel}
          loading={loading}
          emptyLabel={emptyLabel ?? localeText.noRowsLabel ?? ''}
          rowActions={rowActions}
          card={card}
        />
      ) : (
      <Paper variant="outlined">
        <Box sx={{ width: '100%' }}>
          <DataGrid<R>
            rows={rows ?? []}
            columns={shownColumns}
            {...(getRowId ? { getRowId } : {})}
            loading={loading}
            slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'linear-progress' } }}
            autoHeight
            {...(autoRowHeight ? { getRowHeight: () => 'auto' as const } : {})}
            disableRowSelectionOnClick
            {...(selection === undefined ? {} : {
              checkboxSelection: true,
              rowSelectionModel: { type: 'include' as const, ids: new Set(selection.ids) },
              onRowSelectionModelChange: (model: { type: 'include' | 'exclude'; ids: Set<GridRowId> }) => {
                // Select-all answers "all but these": the rows shown that are not excluded.
                selection.onChange(model.type === 'include' ? new Set(model.ids) : new Set((rows ?? []).filter((row) => selection.isSelectable?.(row) ?? true).map((row) => (getRowId ? getRowId(row) : (row as unknown as { id: GridRowId }).id)).filter((id) => !model.ids.has(id))));
              },
              ...(selection.isSelectable === undefined ? {} : { isRowSelectable: ({ row }: { row: R }) => selection.isSelectable?.(row) ?? true }),
            })}
            pageSizeOptions={[25, 50, 100]}
            initialState={{
              pagination: { paginationModel: { pageSize: 25 } },
            }}
            sortModel={sortModel}
            onSortModelChange={setSortModel}
            filterModel={filterModel}
            onFilterModelChange={(model) => setSearch((model.quickFilterValues ?? []).join(' '))}
            columnVisibilityModel={settings.columnVisibility}
            onColumnVisibilityModelChange={onVisibility}
            onColumnWidthChange={({ colDef, width }) => {
              if (colDef.field === ACTIONS_FIELD) return;
              change((current) => ({ ...current, columnWidths: { ...current.columnWidths, [colDef.field]: Math.round(width) } }), SAVE_DELAY_MS);
            }}
            localeText={localeText}
            aria-label={label}
            sx={{
              border: 0,
              // The last header's separator (its resize handle, or the actions column's divider) straddles its right
              // edge by half its width: the grid's scroller was 5 px wider than its view at 1366 px. Drawn inside it.
              '& .MuiDataGrid-columnHeader--last .MuiDataGrid-columnSeparator--sideRight': { right: 0 },
            }}
          />
        </Box>
      </Paper>
      )}
      {settingsOpen && (
        <ColumnSettingsDialog
          columns={columns.map((column) => ({
            field: column.field,
            headerName: column.headerName ?? column.field,
          }))}
          settings={settings}
          onSave={(next) => {
            change(() => next);
            setSettingsOpen(false);
          }}
          onClose={() => setSettingsOpen(false)}
        />
      )}
    </>
  );
}
