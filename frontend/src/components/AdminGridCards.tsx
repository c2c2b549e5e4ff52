import { useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridRowId, GridSortModel, GridValidRowModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { useFormatters, type Formatters } from '../i18n/formatters';
import type { AdminGridRowAction } from './AdminGridRowAction';

/** What a row's card shows on a phone: its name, its value with the value's time, and its state. */
export interface AdminGridCard {
  title: ReactNode;
  value?: ReactNode;
  /** When the value was taken, shown beside it. */
  time?: ReactNode;
  state?: ReactNode;
}

/** How many cards show at first, and how many more each "Show more" adds. */
export const CARDS_PAGE_SIZE = 25;
/** A card without its own layout shows its first columns: the title and this many lines. */
const CARD_FALLBACK_LINES = 3;

// The cards read cell text through the columns' getters and formatters, which the list pages
// write without the grid's API (they take row and value only); there is no grid here to give one.
type GridApiRef = Parameters<NonNullable<GridColDef['valueGetter']>>[3];
const NO_GRID_API = { current: null } as unknown as GridApiRef;

/**
 * A cell's text as the grid would show it without its renderCell: the getter's value, formatted
 * by the column, else a time or number in the user's language.
 */
export function cellText<R extends GridValidRowModel>(column: GridColDef<R>, row: R, formatters: Formatters): string {
  const raw: unknown = row[column.field];
  const value: unknown = column.valueGetter ? column.valueGetter(raw as never, row, column, NO_GRID_API) : raw;
  const formatted: unknown = column.valueFormatter ? column.valueFormatter(value as never, row, column, NO_GRID_API) : value;
  if (formatted === null || formatted === undefined) return '';
  if (formatted instanceof Date) return formatters.dateTime(formatted);
  if (typeof formatted === 'number') return formatters.number(formatted, { maximumFractionDigits: 3 });
  return typeof formatted === 'object' ? '' : String(formatted as string | number | boolean);
}

export interface AdminGridCardsProps<R extends GridValidRowModel> {
  label: string;
  rows: readonly R[];
  /** The shown columns, in the user's order (the actions' column left out). */
  columns: readonly GridColDef<R>[];
  rowId(row: R): GridRowId;
  search: readonly string[];
  sortModel: GridSortModel;
  loading: boolean;
  emptyLabel: string;
  rowActions: readonly AdminGridRowAction<R>[];
  /** The row's own card; without it, the first column and the next few shown columns. */
  card?: ((row: R) => AdminGridCard) | undefined;
}

/**
 * A list on a phone (issue 17 item 6): a card a row, found by the same quick search and in
 * the same order as the grid, with the row's actions; a few at a time, more on demand.
 */
export function AdminGridCards<R extends GridValidRowModel>({
  label, rows, columns, rowId, search, sortModel, loading, emptyLabel, rowActions, card,
}: AdminGridCardsProps<R>) {
  const { t } = useTranslation();
  const formatters = useFormatters();
  const [shown, setShown] = useState(CARDS_PAGE_SIZE);

  const listed = useMemo(() => {
    const words = search.map((word) => word.toLocaleLowerCase());
    const found = words.length === 0 ? [...rows] : rows.filter((row) => {
      const text = columns.map((column) => cellText(column, row, formatters)).join(' ').toLocaleLowerCase();
      return words.every((word) => text.includes(word));
    });
    const sort = sortModel[0];
    const sortColumn = sort === undefined ? undefined : columns.find((column) => column.field === sort.field);
    if (sort === undefined || sortColumn === undefined || sort.sort === null || sort.sort === undefined) return found;
    const direction = sort.sort === 'desc' ? -1 : 1;
    return found
      .map((row) => ({ row, key: cellText(sortColumn, row, formatters) }))
      .sort((a, b) => direction * a.key.localeCompare(b.key, undefined, { numeric: true, sensitivity: 'base' }))
      .map(({ row }) => row);
  }, [columns, formatters, rows, search, sortModel]);

  const cardOf = (row: R): AdminGridCard => {
    if (card !== undefined) return card(row);
    const [first, ...rest] = columns;
    return {
      title: first === undefined ? '' : cellText(first, row, formatters),
      value: (
        <>
          {rest.slice(0, CARD_FALLBACK_LINES).map((column) => (
            <Typography key={column.field} variant="body2" component="span" sx={{ display: 'block' }}>
              <Box component="span" sx={{ color: 'text.secondary' }}>{column.headerName ?? column.field}: </Box>
              {cellText(column, row, formatters)}
            </Typography>
          ))}
        </>
      ),
    };
  };

  return (
    <Box role="list" aria-label={label} aria-busy={loading}>
      {loading && <LinearProgress sx={{ mb: 1 }} />}
      {!loading && listed.length === 0 && <Typography color="text.secondary" sx={{ py: 2 }}>{emptyLabel}</Typography>}
      <Stack sx={{ gap: 1 }}>
        {listed.slice(0, shown).map((row) => {
          const { title, value, time, state } = cardOf(row);
          const actions = rowActions.filter((action) => !(action.hidden?.(row) ?? false));
          return (
            <Card key={rowId(row)} role="listitem" variant="outlined">
              <CardContent sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', py: 1.5, '&:last-child': { pb: 1.5 } }}>
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{title}</Typography>
                  {(value !== undefined || time !== undefined) && (
                    <Box sx={{ typography: 'body2' }}>
                      {value}
                      {time !== undefined && time !== '' && <Box component="span" sx={{ color: 'text.secondary', ml: 1 }}>{time}</Box>}
                    </Box>
                  )}
                  {state !== undefined && <Box sx={{ mt: 0.5 }}>{state}</Box>}
                </Box>
                {actions.length > 0 && (
                  <Stack direction="row" sx={{ flexShrink: 0 }}>
                    {actions.map((action) => (
                      <Tooltip key={action.key} title={action.label(row)}>
                        <span>
                          <IconButton
                            size="small"
                            aria-label={action.label(row)}
                            disabled={action.disabled?.(row) ?? false}
                            onClick={() => action.onClick(row)}
                          >
                            {action.icon}
                          </IconButton>
                        </span>
                      </Tooltip>
                    ))}
                  </Stack>
                )}
              </CardContent>
            </Card>
          );
        })}
      </Stack>
      {listed.length > shown && (
        <Box sx={{ textAlign: 'center', mt: 1 }}>
          <Button onClick={() => setShown((count) => count + CARDS_PAGE_SIZE)}>
            {t('adminGrid.showMore', { shown, total: listed.length })}
          </Button>
        </Box>
      )}
    </Box>
  );
}
