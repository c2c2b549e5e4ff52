import type { MessageKey } from '@domain/core/messages';
import { loginMessageKeyOf } from '@domain/core/login-messages';

/**
 * How a product message's English text finds its catalogue key. Until the whole catalogue is
 * loaded only the sign-in page's messages can be shown translated (its slice holds no others),
 * so the sign-in page's first load carries those, not every product message
 * (docs/performance.md "First load"); `loadCatalogue` (i18n/index.ts) brings `messageKeyOf`
 * with the whole catalogue.
 */
let keyOfText: (text: string) => MessageKey | undefined = loginMessageKeyOf;

export function setMessageKeyLookup(lookup: (text: string) => MessageKey | undefined): void {
  keyOfText = lookup;
}

/** The catalogue key of a product message, among those whose texts can be shown now. */
export function messageKeyOfShown(text: string): MessageKey | undefined {
  return keyOfText(text);
}
