import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { InformationFileTicket, InformationItem } from '@domain/haccp/information';
import { LOCAL_REGION } from '../../local/identity';
import { LOCAL_BUCKETS } from '../../local/s3';
import { api, createUser, type TestUser } from '../support/identity';
import { postUpload } from '../support/uploads';

/**
 * Issue 32: the files bucket takes only what S3 would. Locally s3rver checks no signature, so
 * a gate in front of it does (local/s3-gate.ts): every request is signed with the data
 * folder's credentials, a presigned URL only for its own key and time, and a browser's form
 * upload only as its signed POST policy allows (the announced key, content type and size).
 */
const stack = inject('stack');
const BUCKET = LOCAL_BUCKETS.files;
const client = (credentials = stack.credentials) => new S3Client({ endpoint: stack.s3Endpoint, region: LOCAL_REGION, forcePathStyle: true, credentials });
const s3 = client();
afterAll(() => s3.destroy());

const objectUrl = (key: string) => `${stack.s3Endpoint}/${BUCKET}/${key}`;
const stored = async (key: string) => (await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).catch(() => undefined))?.ContentLength;
const text = async (key: string) => (await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key })).then((object) => object.Body?.transformToString()));

describe('the local files bucket, to a caller without the data folder credentials', () => {
  const secretKey = `org-b/sensors/AB/${randomUUID()}`;
  beforeAll(async () => {
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: secretKey, Body: 'organisation B only', ContentType: 'text/plain' }));
  });

  it('refuses an unsigned list, write and read', async () => {
    expect((await fetch(`${stack.s3Endpoint}/${BUCKET}/?list-type=2`)).status).toBe(403);
    expect((await fetch(`${stack.s3Endpoint}/`)).status).toBe(403);
    const planted = `org-b/sensors/AB/${randomUUID()}`;
    expect((await fetch(objectUrl(planted), { method: 'PUT', body: 'planted', headers: { 'content-type': 'text/html' } })).status).toBe(403);
    expect(await stored(planted)).toBeUndefined();
    const read = await fetch(objectUrl(secretKey));
    expect(read.status).toBe(403);
    expect(await read.text()).not.toContain('organisation B only');
  });

  it('refuses requests the SDK signs with the well-known local/local keys or another secret', async () => {
    for (const credentials of [{ accessKeyId: 'local', secretAccessKey: 'local' }, { accessKeyId: stack.credentials.accessKeyId, secretAccessKey: 'guessed' }]) {
      const guessed = client(credentials);
      try {
        await expect(guessed.send(new ListObjectsV2Command({ Bucket: BUCKET }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
        await expect(guessed.send(new GetObjectCommand({ Bucket: BUCKET, Key: secretKey }))).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
      } finally {
        guessed.destroy();
      }
    }
  });

  it("refuses a presigned URL whose path is changed to another organisation's key", async () => {
    const ownKey = `org-a/sensors/CD/${randomUUID()}`;
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: ownKey, Body: 'organisation A', ContentType: 'text/plain' }));
    const download = new URL(await getSignedUrl(s3, new GetObjectCommand({ Bucket: BUCKET, Key: ownKey }), { expiresIn: 60 }));
    expect(await (await fetch(download)).text()).toBe('organisation A');
    download.pathname = `/${BUCKET}/${secretKey}`;
    const moved = await fetch(download);
    expect(moved.status).toBe(403);
    expect(await moved.text()).not.toContain('organisation B only');

    const upload = new URL(await getSignedUrl(s3, new PutObjectCommand({ Bucket: BUCKET, Key: ownKey }), { expiresIn: 60 }));
    upload.pathname = `/${BUCKET}/${secretKey}`;
    expect((await fetch(upload, { method: 'PUT', body: 'overwritten' })).status).toBe(403);
    expect(await text(secretKey)).toBe('organisation B only');
    // Nor may a header the signer did not sign be added to it (a copy of another organisation's object).
    const copy = await getSignedUrl(s3, new PutObjectCommand({ Bucket: BUCKET, Key: ownKey }), { expiresIn: 60 });
    expect((await fetch(copy, { method: 'PUT', headers: { 'x-amz-copy-source': `/${BUCKET}/${secretKey}` } })).status).toBe(403);
    expect(await text(ownKey)).toBe('organisation A');
  });

  it('refuses a presigned URL after it expires', async () => {
    const signedAt = new Date(Date.now() - 10 * 60 * 1000);
    const expired = await getSignedUrl(s3, new GetObjectCommand({ Bucket: BUCKET, Key: secretKey }), { expiresIn: 60, signingDate: signedAt });
    const answer = await fetch(expired);
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain('expired');
    // The same URL within its time is served.
    expect((await fetch(await getSignedUrl(s3, new GetObjectCommand({ Bucket: BUCKET, Key: secretKey }), { expiresIn: 60 }))).status).toBe(200);
  });

  it('refuses a form upload without a policy, or signed with another secret, or for another key than signed', async () => {
    const key = `org-b/sensors/AB/${randomUUID()}`;
    const unsigned = new FormData();
    unsigned.append('key', key);
    unsigned.append('file', new Blob(['planted']), 'x');
    expect((await fetch(`${stack.s3Endpoint}/${BUCKET}`, { method: 'POST', body: unsigned })).status).toBe(403);

    const guessed = client({ accessKeyId: stack.credentials.accessKeyId, secretAccessKey: 'guessed' });
    const forged = await createPresignedPost(guessed, { Bucket: BUCKET, Key: key, Expires: 60 });
    guessed.destroy();
    expect((await postUpload({ uploadUrl: forged.url, uploadFields: forged.fields }, 'planted')).status).toBe(403);

    const own = await createPresignedPost(s3, { Bucket: BUCKET, Key: `org-a/${randomUUID()}`, Expires: 60 });
    expect((await postUpload({ uploadUrl: own.url, uploadFields: own.fields }, 'planted', { key })).status).toBe(403);
    expect(await stored(key)).toBeUndefined();
  });
});

describe('the files bucket, to an upload other than the one announced', () => {
  let admin: TestUser;
  let itemId: string;
  const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(60, 1)]);

  beforeAll(async () => {
    admin = await createUser(stack, 'admin', `local-s3-${randomUUID().slice(0, 8)}`);
    const created = await api(stack, admin, 'POST', '/informationitems', { name: `Probe ${randomUUID().slice(0, 6)}`, text: 'Picture of the probe.' });
    itemId = (created.body as InformationItem).id;
  });

  const ticket = async () => {
    const answer = await api(stack, admin, 'POST', `/informationitems/${itemId}/file`, { fileName: 'probe.png', contentType: 'image/png', size: png.length });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as InformationFileTicket;
  };

  it('refuses 3 MB of HTML for a 68-byte PNG, another content type, fewer bytes, and an expired policy', async () => {
    const form = await ticket();
    const html = Buffer.from(`<html>${'<script>alert(1)</script>'.repeat(120_000)}</html>`);
    expect(html.length).toBeGreaterThan(3_000_000);
    const bigger = await postUpload(form, html, { 'Content-Type': 'text/html' });
    expect([400, 403]).toContain(bigger.status);
    expect((await postUpload(form, html)).status).toBe(400);
    expect((await postUpload(form, png, { 'Content-Type': 'text/html' })).status).toBe(403);
    expect((await postUpload(form, png.subarray(1))).status).toBe(400);
    // Nothing reached the bucket: the confirmation finds no upload.
    expect((await api(stack, admin, 'PUT', `/informationitems/${itemId}/file/complete`)).status).toBe(400);

    // A policy that expired a minute ago, signed with the right credentials.
    const old = await createPresignedPost(s3, { Bucket: BUCKET, Key: `org-a/${randomUUID()}`, Expires: -60 });
    const late = await postUpload({ uploadUrl: old.url, uploadFields: old.fields }, 'late');
    expect(late.status).toBe(403);
    expect(await late.text()).toContain('Policy expired');
  });

  it('takes the announced upload, from the portal page (CORS), and the confirmation attaches it', async () => {
    const form = await ticket();
    const portal = new URL(stack.portalUrl).origin;
    const body = new FormData();
    for (const [name, value] of Object.entries(form.uploadFields)) body.append(name, value);
    body.append('file', new Blob([png], { type: 'image/png' }), 'probe.png');
    const uploaded = await fetch(form.uploadUrl, { method: 'POST', body, headers: { origin: portal } });
    expect(uploaded.status).toBe(204);
    expect(uploaded.headers.get('access-control-allow-origin')).toBe(portal);
    expect(await api(stack, admin, 'PUT', `/informationitems/${itemId}/file/complete`)).toMatchObject({ status: 200, body: { fileSize: png.length, contentType: 'image/png' } });
    const link = (await api(stack, admin, 'GET', `/informationitems/${itemId}/file`)).body as { url: string };
    const read = await fetch(link.url);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await read.arrayBuffer())).toEqual(png);
  });
});

describe('the files bucket, to the handlers (the SDK signing with the data folder credentials)', () => {
  it('lists, writes (whole and streamed bodies), reads and deletes', async () => {
    const key = `org-a/sites/${randomUUID()}.pdf`;
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: Buffer.from('%PDF-1.4 whole'), ContentType: 'application/pdf' }));
    expect(await text(key)).toBe('%PDF-1.4 whole');
    // A stream goes aws-chunked (STREAMING-UNSIGNED-PAYLOAD-TRAILER): the bucket keeps the data, not the framing.
    const streamed = `org-a/sites/${randomUUID()}.txt`;
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: streamed, Body: Readable.from([Buffer.from('first '), Buffer.from('second')]), ContentLength: 12 }));
    expect(await text(streamed)).toBe('first second');
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'org-a/sites/' }));
    expect(listed.Contents?.map((object) => object.Key)).toEqual(expect.arrayContaining([key, streamed]));
    await s3.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(await stored(key)).toBeUndefined();
  });
});
