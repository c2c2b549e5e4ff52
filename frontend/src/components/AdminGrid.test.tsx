import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GridSettings } from '@domain/identity/grid-settings';
import type { ApiRequest } from '../api/apiFetch';
import { ApiError } from '../api/ApiError';
import { clearStoredState, updateClientState } from '../session/clientState';
import { initI18n } from '../i18n';
import { onPhone } from '../test/media';
import { renderScreen } from '../test/render';
import { AdminGrid, type AdminGridContentProps } from './AdminGrid';

const fake = vi.hoisted(() => ({
  api: vi.fn<(path: string, request?: ApiRequest) => unknown>(),
}));

vi.mock('../api/apiFetch', () => ({
  apiFetch: async (path: string, request?: ApiRequest) => fake.api(path, request),
  apiFetchAs: async (schema: { parse(value: unknown): unknown }, path: string, request?: ApiRequest) =>
    schema.parse(await fake.api(path, request)),
}));

interface Row { id: string; name: string; city: string }
const rows: Row[] = [
  { id: '1', name: 'Bakery', city: 'Lyon' },
  { id: '2', name: 'Cold room', city: 'Paris' },
  { id: '3', name: 'Dairy', city: 'Lille' },
];
const columns: GridColDef<Row>[] = [
  { field: 'name', headerName: 'Name', width: 150 },
  { field: 'city', headerName: 'City', width: 150 },
];

const SETTINGS_PATH = '/account/gridsettings/test-grid';
let stored: GridSettings;

/** The places grid under the test's grid id, `props` over its rows and columns. */
function placesGrid(props: Partial<AdminGridContentProps<Row>> = {}) {
  return <AdminGrid gridId="test-grid" label="Places" rows={rows} columns={columns} {...props} />;
}

function headers(): string[] {
  return screen.getAllByRole('columnheader').map((header) => header.textContent ?? '');
}

describe('AdminGrid', () => {
  beforeEach(() => {
    stored = { columnOrder: [], columnVisibility: {}, columnWidths: {} };
    fake.api.mockReset();
    fake.api.mockImplementation((path, request) => {
      if (path !== SETTINGS_PATH) throw new Error(`unexpected call ${path}`);
      if (request?.method === 'PUT') {
        stored = request.body as GridSettings;
        return stored;
      }
      return stored;
    });
  });

  it('shows the rows, and finds them with the quick search', async () => {
    const user = userEvent.setup();
    renderScreen(placesGrid());
    expect(await screen.findByText('Cold room')).toBeInTheDocument();
    expect(screen.getByRole('grid', { name: 'Places' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'lil');
    await waitFor(() => expect(screen.queryByText('Bakery')).toBeNull());
    expect(screen.getByText('Dairy')).toBeInTheDocument();
    expect(screen.queryByText('Cold room')).toBeNull();
  });

  it('follows new rows: a row gone from the list leaves the grid', async () => {
    const { rerender } = renderScreen(placesGrid({ initialSort: [{ field: 'city', sort: 'desc' }] }));
    expect(await screen.findByText('Bakery')).toBeInTheDocument();
    rerender(placesGrid({ rows: rows.slice(1), initialSort: [{ field: 'city', sort: 'desc' }] }));
    await waitFor(() => expect(screen.queryByText('Bakery')).toBeNull());
    expect(screen.getByText('Dairy')).toBeInTheDocument();
  });

  it('sorts by a column when its header is clicked', async () => {
    const user = userEvent.setup();
    renderScreen(placesGrid());
    await screen.findByText('Bakery');
    const cityCells = () => screen.getAllByRole('gridcell').filter((cell) => cell.getAttribute('data-field') === 'city').map((cell) => cell.textContent);
    await user.click(screen.getByRole('columnheader', { name: 'City' }));
    await waitFor(() => expect(cityCells()).toEqual(['Lille', 'Lyon', 'Paris']));
  });

  it("applies the user's saved order, hidden columns and widths", async () => {
    stored = { columnOrder: ['city', 'name'], columnVisibility: {}, columnWidths: { name: 321 } };
    renderScreen(placesGrid());
    await waitFor(() => expect(headers()).toEqual(['City', 'Name']));
    const nameHeader = screen.getByRole('columnheader', { name: 'Name' });
    expect(nameHeader.style.width || nameHeader.style.minWidth).toBe('321px');

    stored = { columnOrder: [], columnVisibility: { city: false }, columnWidths: {} };
    renderScreen(placesGrid({ label: 'Others' }));
    const others = await screen.findByRole('grid', { name: 'Others' });
    await waitFor(() => expect(within(others).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name']));
  });

  it('saves the order and visibility chosen in the column settings', async () => {
    const user = userEvent.setup();
    renderScreen(placesGrid());
    await screen.findByText('Bakery');

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const dialog = await screen.findByRole('dialog', { name: 'Column settings' });
    await user.click(within(dialog).getByRole('button', { name: 'Move City up' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Name' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(fake.api).toHaveBeenCalledWith(SETTINGS_PATH, {
      method: 'PUT',
      body: { columnOrder: ['city', 'name'], columnVisibility: { name: false }, columnWidths: {} },
    }));
    await waitFor(() => expect(headers()).toEqual(['City']));
  });

  it('resets the columns to the grid’s own', async () => {
    stored = { columnOrder: ['city', 'name'], columnVisibility: { name: false }, columnWidths: { city: 400 } };
    const user = userEvent.setup();
    renderScreen(placesGrid());
    await waitFor(() => expect(headers()).toEqual(['City']));

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const dialog = await screen.findByRole('dialog', { name: 'Column settings' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(headers()).toEqual(['Name', 'City']));
    expect(stored).toEqual({ columnOrder: ['name', 'city'], columnVisibility: {}, columnWidths: {} });
  });

  it('hides the columns a manager needs less until the column settings show them', async () => {
    const user = userEvent.setup();
    renderScreen(placesGrid({ defaultHiddenColumns: ['city'] }));
    await waitFor(() => expect(headers()).toEqual(['Name']));

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const dialog = await screen.findByRole('dialog', { name: 'Column settings' });
    const city = within(dialog).getByRole('checkbox', { name: 'City' });
    expect(city).not.toBeChecked();
    await user.click(city);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(headers()).toEqual(['Name', 'City']));
    expect(stored.columnVisibility).toEqual({ city: true });
  });

  it('shows a card a row on a phone, found by the search, with the row actions', async () => {
    const restoreScreen = onPhone();
    try {
      const user = userEvent.setup();
      const open = vi.fn();
      renderScreen(placesGrid({
        initialSort: [{ field: 'name', sort: 'desc' }],
        card: (row) => ({ title: row.name, value: `in ${row.city}`, time: 'at 8:05 PM', state: 'Online' }),
        rowActions: [{ key: 'open', label: (row) => `Open ${row.name}`, icon: <DeleteIcon />, onClick: open }],
      }));
      const list = await screen.findByRole('list', { name: 'Places' });
      expect(screen.queryByRole('grid')).toBeNull();
      const cards = within(list).getAllByRole('listitem');
      expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Dairy', 'Cold room', 'Bakery']);
      expect(cards[0]).toHaveTextContent('in Lilleat 8:05 PMOnline');

      await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'par');
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
      await user.click(within(list).getByRole('button', { name: 'Open Cold room' }));
      expect(open).toHaveBeenCalledWith(rows[1]);
    } finally {
      restoreScreen();
    }
  });

  it('shows the toolbar slot and row actions named after the row', async () => {
    const user = userEvent.setup();
    const remove = vi.fn();
    renderScreen(placesGrid({
      toolbar: <Button>Add place</Button>,
      rowActions: [{ key: 'delete', label: (row) => `Delete ${row.name}`, icon: <DeleteIcon />, onClick: remove, hidden: (row) => row.id === '3' }],
    }));
    expect(await screen.findByRole('button', { name: 'Add place' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Delete Bakery' }));
    expect(remove).toHaveBeenCalledWith(rows[0]);
    expect(screen.queryByRole('button', { name: 'Delete Dairy' })).toBeNull();
  });

  it('shows a failed load with Reload, and the loading state', async () => {
    const user = userEvent.setup();
    const reload = vi.fn();
    const { rerender } = renderScreen(placesGrid({ rows: undefined, loading: true, error: new ApiError(500, 'An error occurred', { code: 'genericError' }), onReload: reload }));
    expect(await screen.findByText('An error occurred')).toBeVisible();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalled();
    rerender(placesGrid({ rows: [], emptyLabel: 'No places yet.' }));
    expect(await screen.findByText('No places yet.')).toBeVisible();
  });

  it('keeps working with the default columns when the settings cannot be read', async () => {
    fake.api.mockImplementation(() => {
      throw new ApiError(500, 'An error occurred', { code: 'genericError' });
    });
    renderScreen(placesGrid());
    expect(await screen.findByText('Bakery')).toBeInTheDocument();
    expect(headers()).toEqual(['Name', 'City']);
  });

  it("writes number and time columns in the user's language and time zone, on the grid and on a phone's cards", async () => {
    // Prepare: French, a profile in New York, columns without their own formatter.
    interface Stock { id: string; name: string; quantity: number; countedAt: Date }
    const stock: Stock[] = [{ id: '1', name: 'Butter', quantity: 1234.5, countedAt: new Date('2026-01-15T10:00:00.000Z') }];
    const stockColumns: GridColDef<Stock>[] = [
      { field: 'name', headerName: 'Name', width: 150 },
      { field: 'quantity', headerName: 'Quantity', width: 150, type: 'number' },
      { field: 'countedAt', headerName: 'Counted', width: 200, type: 'dateTime' },
    ];
    // French groups thousands (with a narrow no-break space, which the queries read as a space)
    // and writes a decimal comma; 10:00 UTC is 05:00 in New York in January.
    const quantity = '1 234,5';
    const counted = '15 janv. 2026, 05:00';
    initI18n('fr');
    updateClientState({ timezone: 'America/New_York' });
    try {
      const { unmount } = renderScreen(<AdminGrid gridId="test-grid" label="Stock" rows={stock} columns={stockColumns} />);
      const grid = await screen.findByRole('grid', { name: 'Stock' });
      expect(await within(grid).findByText(quantity)).toBeInTheDocument();
      expect(within(grid).getByText(counted)).toBeInTheDocument();
      unmount();

      const restoreScreen = onPhone();
      try {
        renderScreen(<AdminGrid gridId="test-grid" label="Stock" rows={stock} columns={stockColumns} />);
        const card = within(await screen.findByRole('list', { name: 'Stock' })).getByRole('listitem');
        expect(card).toHaveTextContent(`Quantity: ${quantity}`);
        expect(card).toHaveTextContent(`Counted: ${counted}`);
      } finally {
        restoreScreen();
      }
    } finally {
      clearStoredState();
      initI18n('en');
    }
  });
});
