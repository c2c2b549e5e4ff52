import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillTemplate, type GatewayInput } from '@domain/devices/gateway';
import { MESSAGES } from '@domain/core/messages';
import type { ApiRequest } from '../../api/apiFetch';
import { ApiError } from '../../api/ApiError';
import { fake } from '../../test/fakeApi';
import { renderScreen } from '../../test/render';
import { enter } from '../../test/userInput';
import GatewaysPage from './GatewaysPage';
import InactiveGatewaysPage from './InactiveGatewaysPage';
import { alarmProfilesFixture, gatewayFixture, navbarFixture } from '../../test/gatewayFixtures';

vi.mock('../../session/useAuth', () => import('../../test/fakeApi'));
vi.mock('../../api/apiFetch', () => import('../../test/fakeApi'));

const dock = gatewayFixture('0016C001F000A1B2', 'Dock gateway', { sensorCount: 3, locationIds: ['l-1', 'l-2'] });

function answer(path: string, request?: ApiRequest): unknown {
  if (path.startsWith('/account/gridsettings/')) return {};
  if (path === '/locations/navbar') return navbarFixture;
  if (path === '/gateways?limit=100' && request?.method === undefined) return { items: [dock] };
  if (path === '/alarmprofiles?limit=100') return alarmProfilesFixture;
  throw new Error(`unexpected call ${request?.method ?? 'GET'} ${path}`);
}

const image = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

async function openAdd(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByText('Dock gateway');
  await user.click(screen.getByRole('button', { name: 'Add gateway' }));
  return screen.findByRole('dialog', { name: 'Add gateway' });
}

async function fillGateway(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, eui: string) {
  await enter(user, within(dialog).getByRole('textbox', { name: /^Name/ }), 'Freezer gateway');
  await user.click(within(dialog).getByRole('combobox', { name: /^Model/ }));
  await user.click(await screen.findByRole('option', { name: 'ColdTrack GW-SG1 Sub-GHz Gateway' }));
  await enter(user, within(dialog).getByRole('textbox', { name: /^MAC ID/ }), '00-1a-2b-3c-4d-5f');
  await enter(user, within(dialog).getByRole('textbox', { name: /^EUI/ }), eui);
  await user.click(within(dialog).getByRole('combobox', { name: /^Locations/ }));
  await user.click(await screen.findByRole('option', { name: 'Head Office' }));
  await user.click(within(dialog).getByRole('combobox', { name: /^Site/ }));
  await user.click(await screen.findByRole('option', { name: 'Bakery' }));
}

describe('GatewaysPage', () => {
  beforeEach(() => {
    fake.role = 'admin';
    fake.api.mockReset();
    fake.api.mockImplementation(answer);
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the gateways with their site, locations, state and sensor count', async () => {
    renderScreen(<GatewaysPage />);
    expect(await screen.findByRole('link', { name: 'Dock gateway' })).toHaveAttribute('href', '/app/gateways/0016C001F000A1B2');
    expect(await screen.findByText('Main Kitchen')).toBeInTheDocument();
    expect(screen.getByText('Head Office, Depot')).toBeInTheDocument();
    expect(screen.getByText('ColdTrack GW-LR8 LoRaWAN Gateway (8 channel)')).toBeInTheDocument();
    // The column's header, and the gateway's state.
    expect(screen.getAllByText('Online')).toHaveLength(2);
    expect(screen.getByText('3')).toBeInTheDocument();
  });

  it('gives a basic user no Add, Edit or Delete, only the gateway to open', async () => {
    fake.role = 'basicuser';
    renderScreen(<GatewaysPage />);
    await screen.findByText('Dock gateway');
    expect(screen.queryByRole('button', { name: 'Add gateway' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Edit Dock gateway' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Dock gateway' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Dock gateway' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Open Dock gateway' })).toBeInTheDocument();
  });

  it('asks for every required field and a valid MAC id before any call (SPEC section 5)', async () => {
    const user = userEvent.setup();
    renderScreen(<GatewaysPage />);
    const dialog = await openAdd(user);
    await enter(user, within(dialog).getByRole('textbox', { name: /^MAC ID/ }), '00:1A:2B');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MESSAGES.gatewayNameRequired)).toBeVisible();
    expect(within(dialog).getByText(MESSAGES.gatewayModelRequired)).toBeVisible();
    expect(within(dialog).getByText(MESSAGES.macIdInvalid)).toBeVisible();
    expect(within(dialog).getByText(MESSAGES.euiRequired)).toBeVisible();
    expect(within(dialog).getByText(MESSAGES.gatewayLocationsRequired)).toBeVisible();
    expect(within(dialog).getByText(MESSAGES.gatewaySiteRequired)).toBeVisible();
    expect(fake.api).not.toHaveBeenCalledWith('/gateways', expect.objectContaining({ method: 'POST' }));
  });

  it('adds a gateway on the schema (MAC normalised) and shows it from the answer', async () => {
    const user = userEvent.setup();
    renderScreen(<GatewaysPage />);
    const dialog = await openAdd(user);
    const added = gatewayFixture('0016C001F000C3D4', 'Freezer gateway', { model: 'GW-SG1', siteId: 's-2' });
    fake.api.mockImplementation((path, request) => {
      if (request?.method === 'POST' && path === '/gateways') return added;
      if (path === '/gateways?limit=100') return { items: [dock, added] };
      return answer(path, request);
    });
    await fillGateway(user, dialog, '0016c001f000c3d4');
    await enter(user, within(dialog).getByRole('textbox', { name: /^Latitude/ }), '51.5');
    await enter(user, within(dialog).getByRole('textbox', { name: /^Longitude/ }), '-0.12');
    // The organisation's alarm profiles, by name.
    await user.click(within(dialog).getByRole('combobox', { name: /^Alarm profile/ }));
    await user.click(await screen.findByRole('option', { name: 'Gateway offline' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Gateway "Freezer gateway" added.')).toBeVisible();
    const body = fake.api.mock.calls.find(([path, request]) => path === '/gateways' && request?.method === 'POST')?.[1]?.body as GatewayInput;
    expect(body).toMatchObject({
      name: 'Freezer gateway', model: 'GW-SG1', macId: '00:1A:2B:3C:4D:5F', eui: '0016C001F000C3D4',
      locationIds: ['l-1'], siteId: 's-2', imageFileIds: [], isActive: true, position: { latitude: 51.5, longitude: -0.12 }, alarmProfileId: 'ap-9',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add gateway' })).toBeNull());
    expect(await screen.findByRole('link', { name: 'Freezer gateway' })).toBeInTheDocument();
  });

  it("shows 'Gateway already added!' under the EUI when the API refuses a duplicate", async () => {
    const user = userEvent.setup();
    renderScreen(<GatewaysPage />);
    const dialog = await openAdd(user);
    fake.api.mockImplementation((path, request) => {
      if (request?.method === 'POST' && path === '/gateways') throw new ApiError(409, MESSAGES.gatewayAlreadyAdded, { code: 'gatewayAlreadyAdded', field: 'eui' });
      return answer(path, request);
    });
    await fillGateway(user, dialog, '0016C001F000A1B2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(MESSAGES.gatewayAlreadyAdded)).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Add gateway' })).toBeInTheDocument();
  });

  it('takes at most 5 images, refusing the 6th in the spec words', async () => {
    const user = userEvent.setup();
    renderScreen(<GatewaysPage />);
    const dialog = await openAdd(user);
    const input = within(dialog).getByLabelText('Add images', { selector: 'input' });
    await user.upload(input, [image('1.png'), image('2.png'), image('3.png'), image('4.png')]);
    expect(within(dialog).getByText('4 of 5 images')).toBeInTheDocument();
    expect(within(dialog).queryByText(MESSAGES.gatewayImagesMax)).toBeNull();
    await user.upload(input, [image('5.png'), image('6.png')]);
    expect(await within(dialog).findByText(MESSAGES.gatewayImagesMax)).toBeVisible();
    expect(within(dialog).getByText('5 of 5 images')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('img')).toHaveLength(5);

    // Removing one makes room again.
    await user.click(within(dialog).getByRole('button', { name: 'Remove 2.png' }));
    expect(within(dialog).getByText('4 of 5 images')).toBeInTheDocument();
    expect(within(dialog).queryByText(MESSAGES.gatewayImagesMax)).toBeNull();
  });

  it('uploads the chosen images with signed upload forms after adding the gateway, then names them on it', async () => {
    const user = userEvent.setup();
    const storage = vi.fn<typeof fetch>(async () => new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', storage);
    renderScreen(<GatewaysPage />);
    const dialog = await openAdd(user);
    const added = gatewayFixture('0016C001F000C3D4', 'Freezer gateway');
    const file = { id: 'f-1', fileName: 'front.png', contentType: 'image/png', size: 4, kind: 'image', createdBy: 'a', createdAt: '2026-01-15T10:00:00.000Z' };
    fake.api.mockImplementation((path, request) => {
      if (request?.method === 'POST' && path === '/gateways') return added;
      if (request?.method === 'POST' && path === '/gateways/0016C001F000C3D4/files') {
        return { file: { ...file, status: 'pending' }, uploadUrl: 'http://files.local/bucket', uploadMethod: 'POST', uploadFields: { key: 'k', 'Content-Type': 'image/png', Policy: 'p' }, expiresAt: '2026-01-15T10:15:00.000Z' };
      }
      if (request?.method === 'PUT' && path === '/gateways/0016C001F000C3D4/files/f-1/complete') return { ...file, status: 'uploaded' };
      if (request?.method === 'PUT' && path === '/gateways/0016C001F000C3D4') return { ...added, imageFileIds: ['f-1'] };
      return answer(path, request);
    });
    await fillGateway(user, dialog, '0016C001F000C3D4');
    await user.upload(within(dialog).getByLabelText('Add images', { selector: 'input' }), image('front.png'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Gateway "Freezer gateway" added.')).toBeVisible();
    expect(storage).toHaveBeenCalledWith('http://files.local/bucket', expect.objectContaining({ method: 'POST' }));
    const form = storage.mock.calls.find(([url]) => String(url).startsWith('http'))?.[1]?.body as FormData;
    // The form's fields first, the file last.
    expect([...form.keys()]).toEqual(['key', 'Content-Type', 'Policy', 'file']);
    expect(form.get('Content-Type')).toBe('image/png');
    expect(fake.api).toHaveBeenCalledWith('/gateways/0016C001F000C3D4/files', { method: 'POST', body: { fileName: 'front.png', contentType: 'image/png', size: 4, kind: 'image' } });
    const update = fake.api.mock.calls.find(([path, request]) => path === '/gateways/0016C001F000C3D4' && request?.method === 'PUT')?.[1]?.body as GatewayInput;
    expect(update.imageFileIds).toEqual(['f-1']);
  });

  it('shows a refused delete naming the gateway and its sensor count', async () => {
    const user = userEvent.setup();
    renderScreen(<GatewaysPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Dock gateway' }));
    const refusal = fillTemplate(MESSAGES.gatewayDeleteRefused, { name: 'Dock gateway', sensorCount: 3, noteCount: 0 });
    fake.api.mockImplementation((path, request) => {
      if (request?.method === 'DELETE') throw new ApiError(409, refusal, { code: 'gatewayDeleteRefused' });
      return answer(path, request);
    });
    const confirm = await screen.findByRole('dialog', { name: 'Delete gateway' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Gateway Dock gateway cannot be deleted: it has 3 sensor(s) and 0 note(s). Remove them first.')).toBeVisible();
    expect(fake.api).toHaveBeenCalledWith('/gateways/0016C001F000A1B2', { method: 'DELETE' });
  });
});

describe('GatewaysPage, editing images and position', () => {
  beforeEach(() => {
    fake.role = 'admin';
    fake.api.mockReset();
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const withImages = gatewayFixture('0016C001F000A1B2', 'Dock gateway', { imageFileIds: ['f-1', 'f-2'] });
  const storedImage = (id: string, fileName: string) => ({
    id, fileName, contentType: 'image/png', size: 4, kind: 'image', status: 'uploaded', createdBy: 'a', createdAt: '2026-01-15T10:00:00.000Z',
  });
  const editAnswer = (path: string, request?: ApiRequest): unknown => {
    if (path.startsWith('/account/gridsettings/')) return {};
    if (path === '/locations/navbar') return navbarFixture;
    if (path === '/gateways?limit=100') return { items: [withImages] };
    if (path === '/alarmprofiles?limit=100') return alarmProfilesFixture;
    if (path === '/gateways/0016C001F000A1B2/files?limit=100&kind=image') return { items: [storedImage('f-1', 'front.png'), storedImage('f-2', 'rack.png')] };
    if (/^\/gateways\/0016C001F000A1B2\/files\/f-\d\/download$/.test(path)) return { url: `http://files.local/${path.split('/')[4] ?? ''}`, expiresAt: '2026-01-15T10:15:00.000Z' };
    if (request?.method === 'PUT' && path === '/gateways/0016C001F000A1B2') return { ...withImages, ...(request.body as object) };
    if (request?.method === 'DELETE' && path === '/gateways/0016C001F000A1B2/files/f-1') return undefined;
    throw new Error(`unexpected call ${request?.method ?? 'GET'} ${path}`);
  };

  it('keeps the images left, deletes the file of one removed, and takes the position from the browser', async () => {
    const user = userEvent.setup();
    fake.api.mockImplementation(editAnswer);
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (success: PositionCallback) => success({ coords: { latitude: 51.4545123456, longitude: -2.5879 } } as GeolocationPosition),
      },
    });
    renderScreen(<GatewaysPage />);
    await user.click(await screen.findByRole('button', { name: 'Edit Dock gateway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit gateway' });
    expect(within(dialog).getByRole('textbox', { name: /^EUI/ })).toHaveAttribute('readonly');
    expect(await within(dialog).findByRole('img', { name: 'front.png' })).toHaveAttribute('src', 'http://files.local/f-1');
    expect(within(dialog).getByText('2 of 5 images')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove front.png' }));
    await user.click(within(dialog).getByRole('button', { name: 'Use my location' }));
    expect(within(dialog).getByRole('textbox', { name: /^Latitude/ })).toHaveValue('51.454512');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Gateway "Dock gateway" updated.')).toBeVisible();
    const update = fake.api.mock.calls.find(([path, request]) => path === '/gateways/0016C001F000A1B2' && request?.method === 'PUT')?.[1]?.body as GatewayInput;
    expect(update).toMatchObject({ imageFileIds: ['f-2'], position: { latitude: 51.454512, longitude: -2.5879 } });
    await waitFor(() => expect(fake.api).toHaveBeenCalledWith('/gateways/0016C001F000A1B2/files/f-1', { method: 'DELETE' }));
  });

  it("says why the browser's position is not available", async () => {
    const user = userEvent.setup();
    fake.api.mockImplementation(editAnswer);
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (_success: PositionCallback, failure: PositionErrorCallback) =>
          failure({ code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3, message: 'denied' } as GeolocationPositionError),
      },
    });
    renderScreen(<GatewaysPage />);
    await user.click(await screen.findByRole('button', { name: 'Add gateway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add gateway' });
    await user.click(within(dialog).getByRole('button', { name: 'Use my location' }));
    expect(await within(dialog).findByText('Location access was denied. Allow it in the browser to use your location.')).toBeVisible();
  });

  it('lists the inactive gateways on their own page', async () => {
    fake.api.mockImplementation((path, request) => (path === '/gateways/inactive?limit=100'
      ? { items: [gatewayFixture('0016C001F000FFFF', 'Old gateway', { isActive: false, status: 'Inactive', state: { online: false } })] }
      : editAnswer(path, request)));
    renderScreen(<InactiveGatewaysPage />);
    expect(await screen.findByRole('heading', { name: 'Inactive gateways' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Old gateway' })).toBeInTheDocument();
    expect(screen.getByText('Never')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Active gateways' })).toHaveAttribute('href', '/app/gateways');
  });
});
