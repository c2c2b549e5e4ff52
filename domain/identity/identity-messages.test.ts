import { describe, expect, it } from 'vitest';
import { IDENTITY_MESSAGE_PATHS, renderIdentityMessage, type IdentityMessageKind } from './identity-messages';

const values = { organisation: 'Café Nord', recipient: 'Chloé', inviter: 'Ada Admin', link: 'https://portal.example/login' };
const KINDS: IdentityMessageKind[] = ['invitation', 'verification', 'passwordReset', 'authentication'];

describe('identity messages', () => {
  it('invite in French, naming the organisation and the inviter, with the link, the user name and the temporary password', () => {
    const message = renderIdentityMessage('invitation', 'fr', values);
    expect(message.subject).toBe('Ada Admin vous invite à rejoindre Café Nord sur le Portail chaîne du froid');
    expect(message.text).toContain('Bonjour Chloé,');
    expect(message.text).toContain('Connectez-vous sur https://portal.example/login avec votre adresse e-mail {username} et ce mot de passe temporaire\u00a0: {####}');
    expect(message.html).toContain('<a href="https://portal.example/login">https://portal.example/login</a>');
    expect(message.html).toContain('{username}');
    expect(message.html).toContain('{####}');
  });

  it('invite in English and Spanish', () => {
    expect(renderIdentityMessage('invitation', 'en', values).subject).toBe('Ada Admin invited you to Café Nord on the Cold-chain portal');
    expect(renderIdentityMessage('invitation', 'es', values).subject).toBe('Ada Admin le ha invitado a Café Nord en el Portal de cadena de frío');
    expect(renderIdentityMessage('invitation', 'es', values).text).toContain('esta contraseña temporal: {####}');
  });

  it('invite without an inviter when none is known', () => {
    const message = renderIdentityMessage('invitation', 'en', { ...values, inviter: '', recipient: '' });
    expect(message.subject).toBe('Your invitation to Café Nord on the Cold-chain portal');
    expect(message.text.startsWith('Hello,\n\nYou are invited to join Café Nord')).toBe(true);
  });

  it.each(['en', 'fr', 'es'] as const)('in %s every message names the organisation and carries the code; every email its link', (language) => {
    for (const kind of KINDS) {
      const message = renderIdentityMessage(kind, language, values);
      expect(message.subject, kind).toContain('Café Nord');
      for (const body of [message.text, message.html, message.sms]) {
        expect(body, kind).toContain('{####}');
        expect(body, kind).toContain('Café Nord');
      }
      expect(message.text, kind).toContain(values.link);
    }
  });

  it('words each kind in its own language', () => {
    expect(renderIdentityMessage('verification', 'fr', values).subject).toBe('Votre code de vérification pour Café Nord');
    expect(renderIdentityMessage('passwordReset', 'es', values).subject).toBe('Restablezca su contraseña para Café Nord');
    expect(renderIdentityMessage('authentication', 'en', values).sms).toBe('Café Nord: your Cold-chain portal sign-in code is {####}.');
  });

  it('escapes names in HTML and keeps them on one line in a subject', () => {
    const message = renderIdentityMessage('invitation', 'en', { ...values, organisation: '<b>Evil</b>\r\nBcc: x', inviter: 'Tom & Jerry' });
    expect(message.subject).toBe('Tom & Jerry invited you to <b>Evil</b> Bcc: x on the Cold-chain portal');
    expect(message.html).toContain('&lt;b&gt;Evil&lt;/b&gt; Bcc: x');
    expect(message.html).toContain('Tom &amp; Jerry');
    expect(message.html).not.toContain('<b>');
  });

  it('links a code to the page it is entered on', () => {
    expect(IDENTITY_MESSAGE_PATHS.verification).toBe('/app/settings/profile');
    expect(IDENTITY_MESSAGE_PATHS.invitation).toBe('/login');
  });
});
