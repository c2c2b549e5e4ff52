import { useEffect } from 'react';
import { EMPTY_TRANSLATION_OVERRIDES } from '@domain/identity/settings';
import { useTranslationOverrides } from '../../api/settings';
import { applyOrganisationTexts } from '../../i18n/organisationTexts';

/**
 * After sign-in, the organisation's own texts (Settings > Translations) are loaded and added
 * to the catalogues; at sign-out (this leaves the tree) the product's texts come back.
 */
export default function OrganisationTexts() {
  const { data } = useTranslationOverrides();
  useEffect(() => {
    if (data !== undefined) applyOrganisationTexts(data.overrides);
  }, [data]);
  useEffect(() => () => applyOrganisationTexts(EMPTY_TRANSLATION_OVERRIDES), []);
  return null;
}
