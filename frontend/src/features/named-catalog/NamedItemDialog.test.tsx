import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { NamedItemDialog } from './NamedItemDialog';

describe('NamedItemDialog', () => {
  it('refuses a 21-character name with the spec message, before any call', async () => {
    const onSave = vi.fn(async () => undefined);
    const user = userEvent.setup();
    renderScreen(<NamedItemDialog title="Add department" onSave={onSave} onClose={vi.fn()} />);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'A'.repeat(21));
    expect(await screen.findByText('Maximum length allowed for name is 20 characters.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves a trimmed name of up to 20 characters', async () => {
    const onSave = vi.fn(async () => undefined);
    const user = userEvent.setup();
    renderScreen(<NamedItemDialog title="Add department" onSave={onSave} onClose={vi.fn()} />);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), `  ${'B'.repeat(20)} `);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ name: 'B'.repeat(20) });
    expect(screen.queryByText('Maximum length allowed for name is 20 characters.')).toBeNull();
  });

  it('asks for a name when it is empty', async () => {
    const user = userEvent.setup();
    renderScreen(<NamedItemDialog title="Add department" onSave={vi.fn()} onClose={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required.')).toBeVisible();
  });
});
