import { describe, expect, it } from 'vitest';
import { verificationCodeMessage } from './codes';

const LINK = 'https://portal.example/app/settings/profile';

describe('verification code messages', () => {
  it('texts and emails the code in the recipient\'s language, naming their organisation and linking to their profile', () => {
    const recipient = { firstName: 'Una', organisation: 'Demo Foods' };
    const english = verificationCodeMessage({ ...recipient, language: 'en' }, '123456', LINK);
    expect(english.sms).toBe('Demo Foods: your Cold-chain portal verification code is 123456.');
    expect(english.subject).toBe('Your verification code for Demo Foods');
    expect(english.text).toContain('Hello Una,');
    expect(english.text).toContain(`Enter it on your profile page: ${LINK}`);
    expect(english.html).toContain(`<a href="${LINK}">${LINK}</a>`);

    const french = verificationCodeMessage({ ...recipient, language: 'fr' }, '123456', LINK);
    expect(french.sms).toBe('Demo Foods\u00a0: votre code de vérification du Portail chaîne du froid est 123456.');
    expect(french.subject).toBe('Votre code de vérification pour Demo Foods');
    expect(french.text).toContain('Bonjour Una,');

    const spanish = verificationCodeMessage({ ...recipient, language: 'es' }, '123456', LINK);
    expect(spanish.sms).toBe('Demo Foods: su código de verificación del Portal de cadena de frío es 123456.');
    expect(spanish.text).toContain('Su código de verificación del Portal de cadena de frío para Demo Foods es 123456.');

    // No placeholder is left for a provider that would not fill it.
    for (const message of [english, french, spanish]) {
      expect(Object.values(message).join(' ')).not.toContain('{####}');
    }
  });

  it('writes in English for an account without a known language', () => {
    const message = verificationCodeMessage({ language: undefined, firstName: '', organisation: 'Demo Foods' }, '654321', LINK);
    expect(message.text.startsWith('Hello,')).toBe(true);
    expect(message.sms).toContain('654321');
    expect(verificationCodeMessage({ language: 'de', firstName: '', organisation: 'Demo Foods' }, '654321', LINK).sms).toBe(message.sms);
  });
});
