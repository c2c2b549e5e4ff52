import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InformationItem } from '@domain/haccp/information';
import type { ApiRequest } from '../../../api/apiFetch';
import { fake } from '../../../test/fakeApi';
import { renderScreen } from '../../../test/render';
import InformationPage from './InformationPage';

vi.mock('../../../session/useAuth', () => import('../../../test/fakeApi'));
vi.mock('../../../api/apiFetch', () => import('../../../test/fakeApi'));

const at = '2026-01-15T10:00:00.000Z';
const item = (id: string, name: string, extra: Partial<InformationItem> = {}): InformationItem => ({
  id, name, text: 'Sanitise the probe before each use.', createdAt: at, updatedAt: at, createdBy: 'x', updatedBy: 'x', version: 1, ...extra,
});
const picture = item('i-1', 'Probe use', { fileName: 'probe.png', contentType: 'image/png', fileSize: 2048 });

function answer(path: string, request?: ApiRequest): unknown {
  if (path.startsWith('/account/gridsettings/')) return {};
  if (path === '/informationitems?limit=100' && request?.method === undefined) return { items: [picture] };
  if (path === '/informationitems/i-1/file' && request?.method === undefined) {
    return { url: 'https://files.example/probe.png?signature=x', fileName: 'probe.png', contentType: 'image/png', expiresAt: at };
  }
  throw new Error(`unexpected call ${request?.method ?? 'GET'} ${path}`);
}

describe('InformationPage', () => {
  const storage = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();
  beforeEach(() => {
    fake.role = 'admin';
    fake.api.mockReset();
    fake.api.mockImplementation(answer);
    storage.mockReset();
    storage.mockResolvedValue(new Response(null, { status: 200 }));
    vi.stubGlobal('fetch', storage);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("previews an item: its text and its picture through the API's link", async () => {
    const user = userEvent.setup();
    fake.role = 'basicuser';
    renderScreen(<InformationPage />);
    expect(await screen.findByText('probe.png')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Probe use' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Preview Probe use' }));
    const dialog = await screen.findByRole('dialog', { name: 'Probe use' });
    expect(within(dialog).getByText('Sanitise the probe before each use.')).toBeVisible();
    expect(await within(dialog).findByRole('img', { name: 'probe.png' })).toHaveAttribute('src', 'https://files.example/probe.png?signature=x');
    expect(within(dialog).getByRole('link', { name: 'Download probe.png' })).toHaveAttribute('href', 'https://files.example/probe.png?signature=x');
  });

  it('refuses a file over 2 MB before any call, then adds an item and uploads its PDF to storage', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderScreen(<InformationPage />);
    await user.click(await screen.findByRole('button', { name: 'Add information' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add information' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Fryer oil');
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'Change the oil at the replace mark.');
    const chooser = within(dialog).getByLabelText('Choose a picture or PDF');
    await user.upload(chooser, new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' }));
    expect(await within(dialog).findByText('The picture or PDF must be at most 2 MB.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(fake.api).not.toHaveBeenCalledWith('/informationitems', expect.anything());

    const added = item('i-2', 'Fryer oil', { text: 'Change the oil at the replace mark.' });
    fake.api.mockImplementation((path, request) => {
      if (path === '/informationitems' && request?.method === 'POST') return added;
      if (path === '/informationitems/i-2/file' && request?.method === 'POST') {
        return { uploadUrl: 'https://files.example/bucket', uploadMethod: 'POST', uploadFields: { key: 'k', 'Content-Type': 'application/pdf' }, expiresAt: at };
      }
      if (path === '/informationitems/i-2/file/complete') return { ...added, fileName: 'oil.pdf', contentType: 'application/pdf', fileSize: 5, version: 3 };
      return answer(path, request);
    });
    const pdf = new File(['%PDF-'], 'oil.pdf', { type: 'application/pdf' });
    await user.upload(chooser, pdf);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Information "Fryer oil" added.')).toBeVisible();
    expect(fake.api).toHaveBeenCalledWith('/informationitems', { method: 'POST', body: { name: 'Fryer oil', text: 'Change the oil at the replace mark.' } });
    expect(fake.api).toHaveBeenCalledWith('/informationitems/i-2/file', { method: 'POST', body: { fileName: 'oil.pdf', contentType: 'application/pdf', size: 5 } });
    expect(storage).toHaveBeenCalledWith('https://files.example/bucket', expect.objectContaining({ method: 'POST' }));
    const form = storage.mock.calls.find(([url]) => String(url).startsWith('http'))?.[1]?.body as FormData;
    expect([...form.keys()]).toEqual(['key', 'Content-Type', 'file']);
    expect(form.get('file')).toBeInstanceOf(File);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('oil.pdf')).toBeInTheDocument();
  });
});
