import { notFound, validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { PRESIGNED_URL_SECONDS, UPLOAD_FORM_SECONDS } from '@domain/devices/device-records';
import {
  type InformationFileLink,
  type InformationFileTicket,
} from '@domain/haccp/information';
import { toInformationItemView } from '../data';
import { s3Client } from '../shared/clients/s3';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig, requireFilesBucket } from '../shared/config';
import { S3DeviceFileObjects, type DeviceFileObjects } from '../shared/device-file-objects';
import { targetCustomerId } from '../shared/http';
import { pageRequestFrom } from '../shared/pagination';
import { defineRoutes, route } from '../shared/routing';
import { InformationItemStore } from '../data/repositories/information-items';
import { INFORMATION_ITEM_ROUTES } from '@domain/api/information-items';

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
  route(INFORMATION_ITEM_ROUTES.list, {
    action: async ({ request }) => {
      const customerId = targetCustomerId(request);
      const store = items();
      const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: store.listPartition(customerId) });
      const result = await store.list(customerId, page);
      return { statusCode: 200, body: { ...result, items: result.items.map(toInformationItemView) } };
    },
  }),
  route(INFORMATION_ITEM_ROUTES.create, {
    action: async ({ caller, body, request }) => ({ statusCode: 201, body: toInformationItemView(await items().create(caller, targetCustomerId(request), body)) }),
  }),
  route(INFORMATION_ITEM_ROUTES.get, {
    action: async ({ params, request }) => ({ statusCode: 200, body: toInformationItemView(await items().get(targetCustomerId(request), params.id)) }),
  }),
  route(INFORMATION_ITEM_ROUTES.update, {
    action: async ({ caller, body, params, request }) => ({ statusCode: 200, body: toInformationItemView(await items().update(caller, targetCustomerId(request), params.id, body)) }),
  }),
  route(INFORMATION_ITEM_ROUTES.remove, {
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
  route(INFORMATION_ITEM_ROUTES.postFile, {
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
  route(INFORMATION_ITEM_ROUTES.putFileComplete, {
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
  route(INFORMATION_ITEM_ROUTES.getFile, {
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
  route(INFORMATION_ITEM_ROUTES.deleteFile, {
    action: async ({ caller, params, request }) => {
      const { after, removedKey } = await items().removeFile(caller, targetCustomerId(request), params.id);
      await fileObjects().delete(removedKey);
      return { statusCode: 200, body: toInformationItemView(after) };
    },
  }),
], { module: 'haccp' });
