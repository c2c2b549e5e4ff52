import { randomUUID } from 'node:crypto';
import { ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import type { User } from '@domain/identity/user';
import { DEMO_ORGANISATION } from '../../local/demo';
import { identityClient } from '../../local/identity';
import { api, createUser, provisionAccount, readLatestCode } from '../support/identity';

const stack = inject('stack');

interface OutboxMessage { channel: string; at: string; to: string; subject?: string; body: string }

async function emailTo(address: string, since: number): Promise<OutboxMessage | undefined> {
  const messages = (await (await fetch(`${stack.portalUrl}/outbox/messages.json`)).json()) as OutboxMessage[];
  return messages.filter((message) => message.channel === 'email' && message.to === address && Date.parse(message.at) >= since).at(-1);
}

describe('the identity service\'s messages (issue 17 item 14)', () => {
  it('invites a user whose language is French in French, naming the organisation and the inviter, with a link to the portal', async () => {
    const admin = await createUser(stack, 'admin');
    await provisionAccount(stack, { email: admin.email, role: 'admin', customerId: admin.customerId, accountId: admin.accountId, firstName: 'Ada', lastName: 'Admin' });
    const email = `invitee-fr-${randomUUID().slice(0, 8)}@test.example`;
    const since = Math.floor(Date.now() / 1000) * 1000;
    const invited = await api(stack, admin, 'POST', '/users/invite', {
      email, firstName: 'Chloé', lastName: 'Martin', role: 'basicuser', siteIds: [DEMO_ORGANISATION.site.id], lang: 'fr',
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);

    await expect.poll(() => emailTo(email, since)).toBeDefined();
    const invitation = await emailTo(email, since);
    expect(invitation?.subject).toBe(`Ada Admin vous invite à rejoindre ${DEMO_ORGANISATION.name} sur le Portail chaîne du froid`);
    expect(invitation?.body).toContain('Bonjour Chloé,');
    expect(invitation?.body).toContain(`Connectez-vous sur ${stack.portalUrl}/login avec votre adresse e-mail ${email} et ce mot de passe temporaire`);
    expect(invitation?.body).not.toContain('{####}');
    // The temporary password it carries is the one the identity service set.
    expect(await readLatestCode(stack, email, 'email', new Date(since))).toMatch(/^\S{8,}$/);

    // Sent again by an administrator: still French, still naming who sent it.
    const resendSince = Math.floor(Date.now() / 1000) * 1000 + 1000;
    await new Promise((resolve) => setTimeout(resolve, resendSince - Date.now()));
    const resent = await api(stack, admin, 'POST', `/cognito/resendinvite/${encodeURIComponent(email)}`);
    expect(resent.status, JSON.stringify(resent.body)).toBe(204);
    await expect.poll(() => emailTo(email, resendSince)).toBeDefined();
    expect((await emailTo(email, resendSince))?.subject).toBe(`Ada Admin vous invite à rejoindre ${DEMO_ORGANISATION.name} sur le Portail chaîne du froid`);
    expect((invited.body as User).email).toBe(email);
  });

  it('sends a password reset code in the user\'s language (Spanish), naming the organisation, with the sign-in page\'s link', async () => {
    const user = await createUser(stack, 'basicuser');
    await provisionAccount(stack, { email: user.email, role: 'basicuser', customerId: user.customerId, accountId: user.accountId, lang: 'es', firstName: 'Lucía' });
    const since = Math.floor(Date.now() / 1000) * 1000;
    const client = identityClient(stack.identityEndpoint, stack.credentials);
    try {
      await client.send(new ForgotPasswordCommand({ ClientId: stack.portalClientId, Username: user.email }));
    } finally {
      client.destroy();
    }
    await expect.poll(() => emailTo(user.email, since)).toBeDefined();
    const reset = await emailTo(user.email, since);
    expect(reset?.subject).toBe(`Restablezca su contraseña para ${DEMO_ORGANISATION.name}`);
    expect(reset?.body).toContain('Hola, Lucía:');
    expect(reset?.body).toContain(`${stack.portalUrl}/login`);
    expect(reset?.body).toMatch(/es \d{6}\./);
  });
});
