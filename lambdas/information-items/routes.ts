import { notFound, validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { PRESIGNED_URL_SECONDS, UPLOAD_FORM_SECONDS } from '@domain/devices/device-records';
import {
  informationFileLinkSchema,
  informationFileTicketSchema,
  informationFileUploadSchema,
  informationItemInputSchema,
  informationItemSchema,
  type InformationFileLink,
  type InformationFileTicket,
} from '@domain/haccp/information';
import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '@domain/identity/roles';
import { toInformationItemView } from '../data';
import { s3Client } from '../shared/clients';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig, requireFilesBucket } from '../shared/config';
import { S3DeviceFileObjects, type DeviceFileObjects } from '../shared/device-file-objects';
import { targetCustomerId } from '../shared/http';
import { pageRequestFrom } from '../shared/pagination';
import { defineRoutes, route } from '../shared/routing';
import { InformationItemStore } from '../data/repositories/information-items';

const items = () => new InformationItemStore(dynamoDocumentClient(), backendConfig().tableName);
/** The files bucket, through the same presigned-URL adapter as device files. */
const fileObjects = (): DeviceFileObjects => new S3DeviceFileObjects(s3Client(), requireFilesBucket());
const expiresAt = () => new Date(Date.now() + PRESIGNED_URL_SECONDS * 1000).toISOString();

/**
 * Information items (SPEC sections 2, 3, 9; issue 15 section 1): the organisation reads them,
 * administrators write. The picture or PDF goes between the browser and the files bucket
 * through presigned requests (as device files do): POST .../file announces it, the browser
 * POSTs the bytes with the signed upload form, PUT .../file/complete checks the stored size and attaches it. No answer names
 * the object's key or the bucket.
 */
export const informationItemRoutes = defineRoutes('informationItems', [
  route({
    method: 'GET', path: '/informationitems', roles: ORGANISATION_READERS, summary: "The organisation's information items, by name", response: informationItemSchema, paginated: true,
    action: async ({ request }) => {
      const customerId = targetCustomerId(request);
      const store = items();
      const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: store.listPartition(customerId) });
      const result = await store.list(customerId, page);
      return { statusCode: 200, body: { ...result, items: result.items.map(toInformationItemView) } };
    },
  }),
  route({
    method: 'POST', path: '/informationitems', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Add an information item (its picture or PDF through POST .../file)', body: informationItemInputSchema, response: informationItemSchema,
    action: async ({ caller, body, request }) => ({ statusCode: 201, body: toInformationItemView(await items().create(caller, targetCustomerId(request), body)) }),
  }),
  route({
    method: 'GET', path: '/informationitems/{id}', roles: ORGANISATION_READERS, summary: 'An information item', response: informationItemSchema,
    action: async ({ params, request }) => ({ statusCode: 200, body: toInformationItemView(await items().get(targetCustomerId(request), params.id)) }),
  }),
  route({
    method: 'PUT', path: '/informationitems/{id}', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Update an information item (its name and text; the file is kept)', body: informationItemInputSchema, response: informationItemSchema,
    action: async ({ caller, body, params, request }) => ({ statusCode: 200, body: toInformationItemView(await items().update(caller, targetCustomerId(request), params.id, body)) }),
  }),
  route({
    method: 'DELETE', path: '/informationitems/{id}', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Delete an information item and its file (409 naming the checklists whose questions show it)',
    action: async ({ caller, params, request }) => {
      const customerId = targetCustomerId(request);
      const store = items();
      const before = await store.get(customerId, params.id);
      await store.delete(caller, customerId, params.id);
      // The bucket is versioned: the bytes stay recoverable for 30 days (lib/files.ts).
      const keys = [before.fileKey, before.pendingFile?.key].filter((key): key is string => key !== undefined);
      await Promise.all(keys.map((key) => fileObjects().delete(key)));
      return { statusCode: 204 };
    },
  }),
  route({
    method: 'POST', path: '/informationitems/{id}/file', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Start the upload of an information item\'s picture or PDF (at most 2 MB): a signed upload form (POST, 5 minutes)', body: informationFileUploadSchema, response: informationFileTicketSchema,
    action: async ({ caller, body, params, request }) => {
      const pending = await items().startUpload(caller, targetCustomerId(request), params.id, body);
      const form = await fileObjects().uploadForm(pending.key, pending.contentType, pending.size, UPLOAD_FORM_SECONDS);
      const ticket: InformationFileTicket = {
        uploadUrl: form.url,
        uploadMethod: 'POST',
        uploadFields: form.fields,
        expiresAt: new Date(Date.now() + UPLOAD_FORM_SECONDS * 1000).toISOString(),
      };
      return { statusCode: 201, body: ticket };
    },
  }),
  route({
    method: 'PUT', path: '/informationitems/{id}/file/complete', roles: ORGANISATION_WRITERS, organisationWide: true, summary: 'Attach the uploaded picture or PDF (the stored object must have the announced size)', response: informationItemSchema,
    action: async ({ caller, params, request }) => {
      const customerId = targetCustomerId(request);
      const store = items();
      const before = await store.get(customerId, params.id);
      const pending = before.pendingFile;
      if (pending === undefined) throw notFound(MESSAGES.fileNotUploaded);
      // The browser said what it would send; the stored object must be exactly that (so at most 2 MB).
      const objects = fileObjects();
      const size = await objects.size(pending.key);
      if (size !== pending.size) {
        if (size !== undefined) await objects.delete(pending.key);
        throw validationError(MESSAGES.fileUploadMismatch);
      }
      const { after, replacedKey } = await store.completeUpload(caller, customerId, before);
      if (replacedKey !== undefined) await objects.delete(replacedKey);
      return { statusCode: 200, body: toInformationItemView(after) };
    },
  }),
  route({
    method: 'GET', path: '/informationitems/{id}/file', roles: ORGANISATION_READERS, summary: "A presigned URL reading the information item's picture or PDF (15 minutes)", response: informationFileLinkSchema,
    action: async ({ params, request }) => {
      const item = await items().get(targetCustomerId(request), params.id);
      if (item.fileKey === undefined || item.fileName === undefined || item.contentType === undefined) throw notFound(MESSAGES.informationFileNotFound);
      const body: InformationFileLink = {
        url: await fileObjects().downloadUrl(item.fileKey, item.fileName, item.contentType, PRESIGNED_URL_SECONDS),
        fileName: item.fileName,
        contentType: item.contentType,
        expiresAt: expiresAt(),
      };
      return { statusCode: 200, body };
    },
  }),
  route({
    method: 'DELETE', path: '/informationitems/{id}/file', roles: ORGANISATION_WRITERS, organisationWide: true, summary: "Remove an information item's picture or PDF", response: informationItemSchema,
    action: async ({ caller, params, request }) => {
      const { after, removedKey } = await items().removeFile(caller, targetCustomerId(request), params.id);
      await fileObjects().delete(removedKey);
      return { statusCode: 200, body: toInformationItemView(after) };
    },
  }),
], { module: 'haccp' });
