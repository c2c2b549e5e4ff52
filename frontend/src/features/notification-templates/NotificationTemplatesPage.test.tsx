import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoredTemplate } from '@domain/notifications/template-overrides';
import type { ApiRequest } from '../../api/apiFetch';
import { fake } from '../../test/fakeApi';
import { renderScreen } from '../../test/render';
import NotificationTemplatesPage from './NotificationTemplatesPage';

vi.mock('../../session/useAuth', () => import('../../test/fakeApi'));
vi.mock('../../api/apiFetch', () => import('../../test/fakeApi'));

let stored: StoredTemplate[];

/** The API: the list, a save, a reset, and a preview that renders the body or subject given with the sample device. */
function answer(path: string, request?: ApiRequest): unknown {
  if (path === '/notificationtemplates' && request?.method === undefined) return { items: stored };
  if (path === '/notificationtemplates' && request?.method === 'PUT') return { template: { ...(request.body as object), version: 1, updatedAt: '2026-11-27T10:00:00.000Z', updatedBy: 'admin@demo.example' } };
  if (path.startsWith('/notificationtemplates?') && request?.method === 'DELETE') return undefined;
  if (path === '/notificationtemplates/preview' && request?.method === 'POST') {
    const body = request.body as Record<string, string>;
    const fill = (text: string | undefined) => (text ?? '').replaceAll('{device}', 'Walk-in Freezer 2').replaceAll('{value}', '-12.4 °C');
    if (body['channel'] === 'email') return { channel: 'email', message: { subject: fill(body['subject'] || 'Alarm – Out of range: Walk-in Freezer 2 (Main Kitchen)'), text: 'text', html: '<p>html</p>' }, unknownPlaceholders: [] };
    return { channel: body['channel'], message: { body: fill(body['body'] || 'Out of range: Walk-in Freezer 2 (Main Kitchen)') }, unknownPlaceholders: [] };
  }
  throw new Error(`unexpected call ${request?.method ?? 'GET'} ${path}`);
}

const chooseOption = async (user: ReturnType<typeof userEvent.setup>, label: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
};

describe('NotificationTemplatesPage', () => {
  beforeEach(() => {
    fake.role = 'admin';
    stored = [];
    fake.api.mockReset();
    fake.api.mockImplementation(answer);
  });

  it("prefills the product's default, previews the email as it would look, and saves an edit with a placeholder chip", async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<NotificationTemplatesPage />);
    expect(screen.getByRole('heading', { name: 'Notification templates' })).toBeInTheDocument();
    const subject = await screen.findByRole('textbox', { name: 'Subject' });
    expect(subject).toHaveValue('Alarm – Out of range: {device} ({site})');
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(await within(preview).findByText('Alarm – Out of range: Walk-in Freezer 2 (Main Kitchen)')).toBeInTheDocument();
    expect(within(preview).getByTitle('Email body')).toHaveAttribute('sandbox', '');

    await user.clear(subject);
    await user.type(subject, 'Too warm: ');
    await user.click(screen.getByRole('button', { name: 'Insert {device}' }));
    await waitFor(() => expect(subject).toHaveValue('Too warm: {device}'));
    expect(await within(preview).findByText('Too warm: Walk-in Freezer 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Template saved.')).toBeInTheDocument();
    expect(fake.api).toHaveBeenCalledWith('/notificationtemplates', {
      method: 'PUT', body: { kind: 'alarm', channel: 'email', language: 'en', alarmType: 'threshold', subject: 'Too warm: {device}' },
    });
  });

  it('shows a text message with its length and SMS parts, refuses unknown placeholders, and resets an override to the default', async () => {
    const user = userEvent.setup({ delay: null });
    stored = [{ kind: 'alarm', channel: 'text', language: 'en', alarmType: 'threshold', body: 'HOT {device} {value}', version: 2, updatedAt: '2026-11-27T09:00:00.000Z', updatedBy: 'boss@demo.example' }];
    renderScreen(<NotificationTemplatesPage />);
    await chooseOption(user, 'Channel', 'Text');
    const body = await screen.findByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(body).toHaveValue('HOT {device} {value}'));
    expect(screen.getByText('Custom wording, last saved by boss@demo.example')).toBeInTheDocument();
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(await within(preview).findByText('HOT Walk-in Freezer 2 -12.4 °C')).toBeInTheDocument();
    expect(within(preview).getByText('30 characters, 1 SMS')).toBeInTheDocument();

    fireEvent.change(body, { target: { value: 'HOT {device} {temperature}' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Unknown placeholders: {temperature}')).toBeInTheDocument();
    expect(fake.api).not.toHaveBeenCalledWith('/notificationtemplates', expect.objectContaining({ method: 'PUT' }));

    await user.click(screen.getByRole('button', { name: 'Reset to default' }));
    expect(await screen.findByText('Template back to the default.')).toBeInTheDocument();
    expect(fake.api).toHaveBeenCalledWith('/notificationtemplates?kind=alarm&channel=text&language=en&alarmType=threshold', { method: 'DELETE' });
    await waitFor(() => expect(body).toHaveValue('Out of range: {device} ({site}), {value}, limit {limit}, since {time}. Reply {code} to acknowledge. {more}'));
  });
});
