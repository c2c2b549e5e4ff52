import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { namedItemsByName, partitionOf } from '../../lambdas/data';
import { DEMO_ORGANISATION } from '../../local/demo';
import { api, createUser, type TestUser } from '../support/identity';

const stack = inject('stack');

const KB = 1024;
const MB = 1024 * KB;
const cursorOf = (key: Record<string, unknown>) => Buffer.from(JSON.stringify(key)).toString('base64url');

/**
 * Issue 11 item 8: inputs that were answered with 500. Each is refused with 400 or 413 and a
 * `{ message }`, through the local gateway and the handlers, and leaves what was stored as it was.
 */
describe('inputs of any size or shape are refused in words, never with a 500 (issue 11)', () => {
  let admin: TestUser;

  beforeAll(async () => {
    admin = await createUser(stack, 'admin', DEMO_ORGANISATION.customerId);
  });

  it('a 1 MB or 300 KB invitedate on PUT users/account: 413 and 400, the profile unchanged', async () => {
    const before = await api(stack, admin, 'GET', '/account/me');
    expect(before.status).toBe(200);
    const profile = `/users/account/${encodeURIComponent(admin.email)}`;

    expect(await api(stack, admin, 'PUT', profile, { invitedate: 'x'.repeat(MB) }))
      .toEqual({ status: 413, body: { message: MESSAGES.requestTooLarge } });
    expect(await api(stack, admin, 'PUT', profile, { invitedate: '2026-01-01 00:00:00'.padEnd(300 * KB, '0') }))
      .toMatchObject({ status: 400, body: { message: MESSAGES.dateTimeInvalid } });
    expect(await api(stack, admin, 'PUT', profile, { firstname: 'x'.repeat(300 * KB) }))
      .toMatchObject({ status: 400, body: { message: MESSAGES.fieldTooLong } });

    expect(await api(stack, admin, 'GET', '/account/me')).toEqual(before);
  });

  it('a 1 MB or 300 KB locationId or siteId on PUT users/portallastselectedlocation: 413 and 400, the selection kept', async () => {
    const path = '/users/portallastselectedlocation';
    const selection = { locationId: 'location-1', siteId: 'site-1' };
    expect(await api(stack, admin, 'PUT', path, selection)).toEqual({ status: 200, body: selection });

    for (const field of ['locationId', 'siteId'] as const) {
      expect(await api(stack, admin, 'PUT', path, { ...selection, [field]: 'x'.repeat(MB) }))
        .toEqual({ status: 413, body: { message: MESSAGES.requestTooLarge } });
      expect(await api(stack, admin, 'PUT', path, { ...selection, [field]: 'x'.repeat(300 * KB) }))
        .toMatchObject({ status: 400, body: { message: MESSAGES.fieldTooLong } });
    }
    expect(await api(stack, admin, 'GET', path)).toEqual({ status: 200, body: selection });
  });

  it('a percent-encoding that does not decode, in a path: 400', async () => {
    for (const path of ['/departments/%', '/account/find/%C0%AF', '/sensors/%E0%A4%A', '/users/%ED%A0%80']) {
      expect(await api(stack, admin, 'GET', path), path).toEqual({ status: 400, body: { message: MESSAGES.requestAddressInvalid } });
    }
    // Outside the API too: the web app's files.
    const page = await fetch(`${stack.portalUrl}/sites/%C0%AF`);
    expect({ status: page.status, body: await page.json() as unknown }).toEqual({ status: 400, body: { message: MESSAGES.requestAddressInvalid } });
  });

  it('a path id, a query value or an organisation header over 512 bytes: 400', async () => {
    const long = 'x'.repeat(1025);
    for (const [method, path] of [['GET', `/departments/${long}`], ['DELETE', `/sensors/${long}`], ['GET', `/account/find/${long}%40test.example`]] as const) {
      expect(await api(stack, admin, method, path), `${method} ${path.slice(0, 20)}`)
        .toEqual({ status: 400, body: { message: MESSAGES.requestValueTooLong } });
    }
    expect(await api(stack, admin, 'GET', `/gateways?siteId=${'s'.repeat(2 * KB)}`))
      .toEqual({ status: 400, body: { message: MESSAGES.requestValueTooLong } });
    expect(await api(stack, admin, 'GET', '/departments', undefined, { customerid: 'c'.repeat(1025) }))
      .toEqual({ status: 400, body: { message: MESSAGES.requestValueTooLong } });
  });

  it("a cursor of the caller's own partition that is not a whole key of the index: 400", async () => {
    const partition = partitionOf(namedItemsByName(stack.tableName, admin.customerId, 'DEPARTMENT'));
    for (const key of [
      { gsi1pk: partition },
      { gsi1pk: partition, gsi1sk: 'NAME#a' },
      { gsi1pk: partition, gsi1sk: 'NAME#a', pk: partition, sk: 7 },
      { gsi1pk: partition, gsi1sk: 'NAME#a', pk: partition, sk: 'x'.repeat(1100) },
    ]) {
      expect(await api(stack, admin, 'GET', `/departments?cursor=${cursorOf(key)}`), JSON.stringify(key).slice(0, 80))
        .toEqual({ status: 400, body: { message: MESSAGES.invalidCursor } });
    }
    // A whole key of the caller's partition is a cursor: the list goes on after it.
    const whole = { gsi1pk: partition, gsi1sk: 'NAME#a', pk: partition, sk: 'DEPARTMENT#1' };
    expect((await api(stack, admin, 'GET', `/departments?cursor=${cursorOf(whole)}`)).status).toBe(200);
  });

  it('an 11 MB body, or 1 MB past a route\'s limit: 413 before it is read, and the gateway keeps serving', async () => {
    expect(await api(stack, admin, 'POST', '/departments', JSON.stringify({ name: 'x'.repeat(11 * MB) })))
      .toEqual({ status: 413, body: { message: MESSAGES.requestTooLarge } });
    expect(await api(stack, admin, 'PUT', `/sites/site-1/document`, JSON.stringify({ fileName: 'a.pdf', data: 'A'.repeat(4 * MB) })))
      .toEqual({ status: 413, body: { message: MESSAGES.requestTooLarge } });
    // Sent in chunks, without a length: refused once 1 MB has come.
    const chunk = new Uint8Array(256 * KB).fill(0x20);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 2 * MB) controller.close();
        else {
          sent += chunk.length;
          controller.enqueue(chunk);
        }
      },
    });
    const chunked = await fetch(`${stack.apiUrl}/departments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect({ status: chunked.status, body: await chunked.json() as unknown }).toEqual({ status: 413, body: { message: MESSAGES.requestTooLarge } });
    expect((await api(stack, admin, 'GET', '/departments')).status).toBe(200);
  });
});
