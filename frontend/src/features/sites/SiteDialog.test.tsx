import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { SITE_DOCUMENT_MAX_BYTES, type SiteInput } from '@domain/organisation/site';
import { renderScreen } from '../../test/render';
import { enter } from '../../test/userInput';
import { SiteDialog } from './SiteDialog';

const locations = [{ id: 'l-1', label: 'Head Office' }, { id: 'l-2', label: 'Depot' }];

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await enter(user, screen.getByLabelText(/^Name/), 'Main Kitchen');
  await user.click(screen.getByLabelText(/^Locations/));
  await user.click(await screen.findByRole('option', { name: 'Head Office' }));
}

describe('SiteDialog', () => {
  it('asks for the billing address unless it is the site address, and then needs the site address', async () => {
    const onSave = vi.fn<(input: SiteInput, file: File | null) => Promise<void>>(async () => undefined);
    const user = userEvent.setup();
    renderScreen(<SiteDialog locations={locations} onSave={onSave} onClose={() => undefined} />);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.billingAddressRequired)).toBeInTheDocument();

    await user.click(screen.getByLabelText('Billing address same as the site address'));
    expect(screen.queryByLabelText(/^Billing city/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Now the site's own address is the billing address, so it must be complete.
    expect(await screen.findByText(MESSAGES.billingAddressRequired)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    for (const [label, value] of [['Address', '1 Market Street'], ['City', 'London'], ['State', 'Greater London'], ['Country', 'United Kingdom'], ['Postal code', 'EC1A 1BB']]) {
      await enter(user, screen.getByLabelText(new RegExp(`^${label ?? ''}`)), value ?? '');
    }
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ name: 'Main Kitchen', locationIds: ['l-1'], billingAddressSameAsSite: true, city: 'London' });
    expect(onSave.mock.calls[0]?.[1]).toBeNull();
  });

  it('needs the HACCP end date after its start date', async () => {
    const onSave = vi.fn(async () => undefined);
    const user = userEvent.setup();
    renderScreen(<SiteDialog locations={locations} onSave={onSave} onClose={() => undefined} />);
    fireEvent.change(screen.getByLabelText('HACCP subscription start'), { target: { value: '2026-05-01' } });
    fireEvent.change(screen.getByLabelText('HACCP subscription end'), { target: { value: '2026-04-01' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.haccpEndBeforeStart)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses a PDF over 2 MB and a file that is not a PDF, and sends a good one with the site', async () => {
    const onSave = vi.fn<(input: SiteInput, file: File | null) => Promise<void>>(async () => undefined);
    const user = userEvent.setup({ applyAccept: false });
    renderScreen(<SiteDialog locations={locations} onSave={onSave} onClose={() => undefined} />);
    const input = screen.getByLabelText('Choose a PDF', { selector: 'input' });
    await user.upload(input, new File([new Uint8Array(SITE_DOCUMENT_MAX_BYTES + 1)], 'big.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(MESSAGES.documentTooLarge)).toBeInTheDocument();
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText(MESSAGES.documentNotPdf)).toBeInTheDocument();
    const plan = new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' });
    await user.upload(input, plan);
    expect(await screen.findByText('plan.pdf')).toBeInTheDocument();

    await fillRequired(user);
    const billing = { 'Billing address': '2 Dock Road', 'Billing city': 'Leeds', 'Billing state': 'West Yorkshire', 'Billing country': 'United Kingdom', 'Billing postal code': 'LS1 4AP' };
    for (const [label, value] of Object.entries(billing)) await enter(user, screen.getByLabelText(new RegExp(`^${label}\\W*$`)), value);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[1]).toBe(plan);
    expect(within(screen.getByRole('dialog')).queryByText(MESSAGES.documentNotPdf)).toBeNull();
  });
});
