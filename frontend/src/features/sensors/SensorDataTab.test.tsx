import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GraphData } from '@domain/telemetry/telemetry';
import type { ApiRequest } from '../../api/apiFetch';
import { updateClientState } from '../../session/clientState';
import { renderScreen } from '../../test/render';
import { SensorChart } from './SensorChart';
import { graphChannels, SensorDataTab } from './SensorDataTab';
import { sensorFixture } from '../../test/sensorFixtures';

const fake = vi.hoisted(() => ({ api: vi.fn<(path: string, request?: ApiRequest) => unknown>() }));

vi.mock('../../api/apiFetch', () => ({
  apiFetch: async (path: string, request?: ApiRequest) => fake.api(path, request),
  apiFetchAs: async (schema: { parse(value: unknown): unknown }, path: string, request?: ApiRequest) =>
    schema.parse(await fake.api(path, request)),
}));

const graph: GraphData = {
  sensorId: 'A1B2C3D4',
  startDate: '2026-03-09T10:00:00.000Z',
  endDate: '2026-03-10T10:00:00.000Z',
  resolution: 'raw',
  channels: [
    {
      channel: '1', sensorType: 'temperature', sensorSubType: 'walkInCooler', unit: 'C',
      points: [{ t: '2026-03-10T09:00:00.000Z', v: 3.5 }, { t: '2026-03-10T09:05:00.000Z', v: 4 }, { t: '2026-03-10T09:10:00.000Z', v: null }],
    },
    {
      channel: '2', sensorType: 'humidity', sensorSubType: 'relativeHumidity', unit: '%RH',
      points: [{ t: '2026-03-10T09:00:00.000Z', v: 61 }, { t: '2026-03-10T09:05:00.000Z', v: 62 }],
    },
  ],
};

const readings = {
  items: [
    { time: '2026-03-10T09:05:00.000Z', channels: { 1: 4, 2: 62 }, battery: 87, signal: -70, snr: 7.5, receivedAt: '2026-03-10T09:05:01.000Z', sourceDeviceId: 'A1B2C3D4' },
    { time: '2026-03-10T09:00:00.000Z', channels: { 1: 3.5, 2: 61 }, battery: 87, receivedAt: '2026-03-10T09:00:01.000Z', sourceDeviceId: 'A1B2C3D4' },
  ],
};

let graphQueries: URLSearchParams[];

describe('the data tab', () => {
  beforeEach(() => {
    graphQueries = [];
    updateClientState({ uom: 'F' });
    fake.api.mockReset();
    fake.api.mockImplementation((path, request) => {
      if (path.startsWith('/graphdata?')) {
        graphQueries.push(new URLSearchParams(path.slice('/graphdata?'.length)));
        return graph;
      }
      if (path.startsWith('/sensors/A1B2C3D4/readings?')) return readings;
      throw new Error(`unexpected call ${request?.method ?? 'GET'} ${path}`);
    });
  });

  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  it('charts one series per channel from the graph data, in the user unit', () => {
    const { container } = renderScreen(<SensorChart channels={graphChannels(graph)} uom="F" contactLabels={{ open: 'Open', close: 'Closed' }} width={600} />);
    expect(screen.getByText('Channel 1: Temperature')).toBeInTheDocument();
    expect(screen.getByText('Channel 2: Humidity')).toBeInTheDocument();
    expect(container.querySelectorAll('path.MuiLineChart-line').length).toBe(2);
    expect(screen.getByText('°F')).toBeInTheDocument();
    expect(screen.getByText('%RH')).toBeInTheDocument();
  });

  it('asks for the last 24 hours, lists the readings newest first, and moves to 7 days on request', async () => {
    const user = userEvent.setup();
    renderScreen(<SensorDataTab sensor={sensorFixture()} chartWidth={600} />);
    const table = await screen.findByRole('table', { name: 'Readings' });
    await within(table).findByText('39.2 °F');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).getByText('39.2 °F')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('62 %RH')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('38.3 °F')).toBeInTheDocument();
    const first = graphQueries[0];
    expect(first?.get('queryId')).toBe('A1B2C3D4');
    expect(first?.get('dataformat')).toBe('auto');
    const span = (query: URLSearchParams | undefined) => Date.parse(query?.get('endDate') ?? '') - Date.parse(query?.get('startDate') ?? '');
    expect(span(first)).toBe(24 * 60 * 60 * 1000);
    expect(screen.getByText('Refreshed every minute.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(span(graphQueries.at(-1))).toBe(7 * 24 * 60 * 60 * 1000));
    expect(screen.queryByText('Refreshed every minute.')).toBeNull();
  });

  it("labels the chart's value axes in the user's language: a decimal comma in French", async () => {
    await i18next.changeLanguage('fr');
    const { container } = renderScreen(<SensorChart channels={graphChannels(graph)} uom="F" contactLabels={{ open: 'Open', close: 'Closed' }} width={600} />);
    const ticks = [...container.querySelectorAll('.MuiChartsAxis-directionY .MuiChartsAxis-tickLabel')].map((tick) => tick.textContent);
    // 38.3 to 39.2 °F: ticks in tenths, written 38,4 and not 38.4.
    expect(ticks).toContain('38,4');
    expect(ticks.filter((tick) => tick.includes('.'))).toEqual([]);
  });

  it("writes the readings' signal-to-noise ratio in the user's language", async () => {
    await i18next.changeLanguage('fr');
    renderScreen(<SensorDataTab sensor={sensorFixture()} chartWidth={600} />);
    const table = await screen.findByRole('table', { name: 'Mesures' });
    expect(await within(table).findByText('7,5 dB')).toBeInTheDocument();
  });

  it('refuses a picked range that ends before it starts', async () => {
    const user = userEvent.setup();
    renderScreen(<SensorDataTab sensor={sensorFixture()} chartWidth={600} />);
    await screen.findByRole('table', { name: 'Readings' });
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-03-10T10:00');
    await user.clear(to);
    await user.type(to, '2026-03-10T09:00');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The start must be before the end.')).toBeInTheDocument();
  });
});
