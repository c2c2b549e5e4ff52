import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { LocationInput } from '@domain/organisation/location';
import { MESSAGES } from '@domain/core/messages';
import { ApiError } from '../../api/ApiError';
import { initI18n } from '../../i18n';
import { renderScreen } from '../../test/render';
import { LocationDialog } from './LocationDialog';

const fill = async (user: ReturnType<typeof userEvent.setup>, values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(new RegExp(`^${label}`));
    await user.clear(input);
    if (value !== '') await user.type(input, value);
  }
};

/** The French catalogue's words for `postalCodeInvalid`. */
const FRENCH_POSTAL_CODE_INVALID = 'Veuillez saisir un code postal valide.';

const complete = { Name: 'Depot', Address: '5 Harbour Road', City: 'Bristol', State: 'Somerset', Country: 'United Kingdom', 'Postal code': 'BS1 5TY' };

describe('LocationDialog', () => {
  it('says what is missing or invalid, in the spec words, before any call', async () => {
    const onSave = vi.fn<(input: LocationInput) => Promise<void>>();
    const user = userEvent.setup();
    renderScreen(<LocationDialog onSave={onSave} onClose={() => undefined} nameExists={async () => false} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.locationNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.postalCodeRequired)).toBeInTheDocument();
    await fill(user, { ...complete, Latitude: '95' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MESSAGES.latitudeInvalid)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await fill(user, { Latitude: '51.45' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ name: 'Depot', latitude: 51.45, postalCode: 'BS1 5TY' })));
  });

  it('checks the name against the organisation when it is left, and shows a duplicate the API refuses', async () => {
    const nameExists = vi.fn(async (name: string) => name === 'Taken');
    const onSave = vi.fn(async () => {
      throw new ApiError(409, MESSAGES.locationNameTaken, { code: 'locationNameTaken', field: 'name' });
    });
    const user = userEvent.setup();
    renderScreen(<LocationDialog onSave={onSave} onClose={() => undefined} nameExists={nameExists} />);
    await fill(user, { ...complete, Name: 'Taken' });
    expect(nameExists).toHaveBeenCalledWith('Taken');
    expect(await screen.findByText(MESSAGES.locationNameTaken)).toBeInTheDocument();
    await fill(user, { Name: 'Free' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(await screen.findByText(MESSAGES.locationNameTaken)).toBeInTheDocument();
  });

  it('speaks French', async () => {
    initI18n('fr');
    try {
      const user = userEvent.setup();
      renderScreen(<LocationDialog onSave={vi.fn()} onClose={() => undefined} nameExists={async () => false} />);
      expect(screen.getByRole('dialog', { name: 'Ajouter un emplacement' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
      expect(await screen.findByText("Le nom de l'emplacement est obligatoire.")).toBeInTheDocument();
    } finally {
      initI18n('en');
    }
  });

  it('shows an API refusal translated by its code under the field the API names (French)', async () => {
    initI18n('fr');
    try {
      // The API's English words, with the code and field beside them.
      const onSave = vi.fn(async () => {
        throw new ApiError(400, MESSAGES.postalCodeInvalid, { code: 'postalCodeInvalid', field: 'postalCode' });
      });
      const user = userEvent.setup();
      renderScreen(<LocationDialog onSave={onSave} onClose={() => undefined} nameExists={async () => false} />);
      await fill(user, { Nom: 'Dépôt', Adresse: '5 quai du Port', Ville: 'Nantes', 'Région / État': 'Loire-Atlantique', Pays: 'France', 'Code postal': '44000' });
      await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
      await waitFor(() => expect(onSave).toHaveBeenCalled());
      expect(await screen.findByText(FRENCH_POSTAL_CODE_INVALID)).toBeInTheDocument();
      expect(screen.getByLabelText(/^Code postal/)).toHaveAccessibleDescription(FRENCH_POSTAL_CODE_INVALID);
      expect(screen.queryByText(MESSAGES.postalCodeInvalid)).toBeNull();
    } finally {
      initI18n('en');
    }
  });
});
