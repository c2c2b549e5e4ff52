import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import type { ChecklistGroup } from '@domain/haccp/checklist-group';
import type { InformationFileLink, InformationFileTicket, InformationItem } from '@domain/haccp/information';
import { api, createUser, type TestUser } from '../support/identity';
import { postUpload } from '../support/uploads';

const stack = inject('stack');
const unique = (prefix: string) => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;

/**
 * The HACCP library through the local gateway (issue 15 section 1): standard corrective
 * actions, information items with a picture or PDF in the files bucket, checklist groups in
 * their order. An organisation of its own, so its lists hold only what these tests add.
 */
describe('HACCP library: /api/correctiveactions, /api/informationitems, /api/checklistgroups', () => {
  let admin: TestUser;
  let basicUser: TestUser;

  beforeAll(async () => {
    const organisation = `haccp-library-${randomUUID().slice(0, 8)}`;
    admin = await createUser(stack, 'admin', organisation);
    basicUser = await createUser(stack, 'basicuser', organisation);
  });

  it('standard corrective actions: added, listed by name, a taken name refused in the clear words, renamed, deleted', async () => {
    const name = unique('Discard product');
    const created = await api(stack, admin, 'POST', '/correctiveactions', { name, description: 'Above 8 °C for 2 hours' });
    expect(created).toMatchObject({ status: 201, body: { name, description: 'Above 8 °C for 2 hours', version: 1 } });
    const id = (created.body as { id: string }).id;

    // The same name in other case and spacing is the same name.
    expect(await api(stack, admin, 'POST', '/correctiveactions', { name: ` ${name.toUpperCase()} ` }))
      .toMatchObject({ status: 409, body: { message: MESSAGES.correctiveActionNameTaken } });
    expect(await api(stack, admin, 'POST', '/correctiveactions', { name: '' })).toMatchObject({ status: 400, body: { message: MESSAGES.nameRequired } });

    const list = await api(stack, basicUser, 'GET', '/correctiveactions');
    expect((list.body as { items: { id: string }[] }).items.map((item) => item.id)).toContain(id);

    const renamed = await api(stack, admin, 'PUT', `/correctiveactions/${id}`, { name: unique('Re-chill'), description: '' });
    expect(renamed).toMatchObject({ status: 200, body: { version: 2, description: '' } });
    // The old name is free again.
    expect((await api(stack, admin, 'POST', '/correctiveactions', { name })).status).toBe(201);

    expect((await api(stack, admin, 'DELETE', `/correctiveactions/${id}`)).status).toBe(204);
    expect(await api(stack, admin, 'GET', `/correctiveactions/${id}`)).toMatchObject({ status: 404, body: { message: MESSAGES.correctiveActionNotFound } });
  });

  it('information items: a PDF uploaded through a presigned URL, read back through another, never naming its key', async () => {
    const created = await api(stack, admin, 'POST', '/informationitems', { name: unique('Probe use'), text: 'Sanitise the probe before each use.' });
    expect(created.status).toBe(201);
    const id = (created.body as InformationItem).id;

    // SPEC section 9: at most 2 MB, a picture or a PDF.
    expect(await api(stack, admin, 'POST', `/informationitems/${id}/file`, { fileName: 'big.pdf', contentType: 'application/pdf', size: 2 * 1024 * 1024 + 1 }))
      .toMatchObject({ status: 400, body: { message: MESSAGES.informationFileTooLarge } });
    expect(await api(stack, admin, 'POST', `/informationitems/${id}/file`, { fileName: 'notes.txt', contentType: 'text/plain', size: 5 }))
      .toMatchObject({ status: 400, body: { message: MESSAGES.informationFileType } });

    const bytes = '%PDF-1.4 probe guide\n';
    const ticket = await api(stack, admin, 'POST', `/informationitems/${id}/file`, { fileName: 'probe guide.pdf', contentType: 'application/pdf', size: bytes.length });
    expect(ticket.status).toBe(201);
    const form = ticket.body as InformationFileTicket;
    // Not confirmed before the bytes are there.
    expect(await api(stack, admin, 'PUT', `/informationitems/${id}/file/complete`)).toMatchObject({ status: 400, body: { message: MESSAGES.fileUploadMismatch } });
    expect((await postUpload(form, bytes)).ok).toBe(true);

    const completed = await api(stack, admin, 'PUT', `/informationitems/${id}/file/complete`);
    expect(completed).toMatchObject({ status: 200, body: { fileName: 'probe guide.pdf', contentType: 'application/pdf', fileSize: bytes.length } });
    // An edit of the text keeps the file.
    const edited = await api(stack, admin, 'PUT', `/informationitems/${id}`, { name: (created.body as InformationItem).name, text: 'Sanitise, then dry the probe.' });
    expect(edited).toMatchObject({ status: 200, body: { text: 'Sanitise, then dry the probe.', fileName: 'probe guide.pdf' } });

    // Whoever reads it gets a link for a while; no answer names the object's key or the bucket.
    const link = await api(stack, basicUser, 'GET', `/informationitems/${id}/file`);
    expect(link).toMatchObject({ status: 200, body: { fileName: 'probe guide.pdf', contentType: 'application/pdf' } });
    expect(await (await fetch((link.body as InformationFileLink).url)).text()).toBe(bytes);
    const listed = await api(stack, basicUser, 'GET', '/informationitems');
    for (const answer of [completed.body, edited.body, listed.body]) expect(JSON.stringify(answer)).not.toMatch(/fileKey|pendingFile|information\//);

    // Removed: no file to read any more.
    expect(await api(stack, admin, 'DELETE', `/informationitems/${id}/file`)).toMatchObject({ status: 200, body: { name: (created.body as InformationItem).name } });
    expect(await api(stack, admin, 'GET', `/informationitems/${id}/file`)).toMatchObject({ status: 404, body: { message: MESSAGES.informationFileNotFound } });
    expect((await api(stack, basicUser, 'POST', `/informationitems/${id}/file`, { fileName: 'a.pdf', contentType: 'application/pdf', size: 5 })).status).toBe(403);
  });

  it('checklist groups: each new one last, reordered, a stale order refused, a rename keeps the place', async () => {
    const names = [unique('Opening'), unique('Closing'), unique('Fryer')];
    const ids: string[] = [];
    for (const name of names) ids.push(((await api(stack, admin, 'POST', '/checklistgroups', { name })).body as ChecklistGroup).id);
    const orderOf = async () => ((await api(stack, basicUser, 'GET', '/checklistgroups')).body as { items: ChecklistGroup[] }).items.map((group) => group.id);
    expect(await orderOf()).toEqual(ids);

    const reordered = [ids[2], ids[0], ids[1]];
    const answer = await api(stack, admin, 'PUT', '/checklistgroups/order', { ids: reordered });
    expect((answer.body as { items: ChecklistGroup[] }).items.map((group) => [group.id, group.order])).toEqual(reordered.map((id, index) => [id, index]));
    expect(await orderOf()).toEqual(reordered);

    // A list without a group added meanwhile is stale.
    expect(await api(stack, admin, 'PUT', '/checklistgroups/order', { ids: [ids[0], ids[1]] }))
      .toMatchObject({ status: 409, body: { message: MESSAGES.checklistGroupOrderStale } });

    expect((await api(stack, admin, 'PUT', `/checklistgroups/${ids[0] ?? ''}`, { name: unique('Morning') })).body).toMatchObject({ order: 1 });
    expect(await orderOf()).toEqual(reordered);
    expect((await api(stack, basicUser, 'PUT', '/checklistgroups/order', { ids: reordered })).status).toBe(403);
  });
});
