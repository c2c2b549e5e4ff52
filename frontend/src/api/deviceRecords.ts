import type { SWRResponse } from 'swr';
import {
  type DeviceFile,
  type DeviceFileKind,
  type DeviceNote,
  type DeviceNoteInput,
  type DeviceRecordOwner,
} from '@domain/devices/device-records';
import type { HistoryEntry } from '@domain/core/readable-changes';
import { MESSAGES } from '@domain/core/messages';
import { DEVICE_RECORD_ROUTES } from '@domain/api/device-records';
import { GATEWAY_ROUTES } from '@domain/api/gateways';
import { SENSOR_ROUTES } from '@domain/api/sensors';
import { call, pages } from './client';
import { ApiError } from './ApiError';
import { fetchAllPages, useAllPages, usePagedList, type PagedList } from './pagedList';

/** A sensor's or a gateway's notes, files and history: the same calls under /sensors/{id} and /gateways/{id}. */
/** A device's history, by kind of device. */
const HISTORY_ROUTES = { sensors: SENSOR_ROUTES.getHistory, gateways: GATEWAY_ROUTES.getHistory } as const;

// Notes (SPEC section 3: name, note, created by, date; the name unique per device).

export const deviceNotesKey = (kind: DeviceRecordOwner, id: string) => ['device-notes', kind, id] as const;

/** A device's notes: the first page at once, the rest as it comes. */
export function useDeviceNotes(kind: DeviceRecordOwner, id: string): PagedList<DeviceNote> {
  return usePagedList(deviceNotesKey(kind, id), (onPage) =>
    fetchAllPages(pages(DEVICE_RECORD_ROUTES[kind].listNotes, { params: { id } }), onPage));
}

export function addDeviceNote(kind: DeviceRecordOwner, id: string, input: DeviceNoteInput): Promise<DeviceNote> {
  return call(DEVICE_RECORD_ROUTES[kind].createNote, { params: { id }, body: input });
}

export function updateDeviceNote(kind: DeviceRecordOwner, id: string, noteId: string, input: DeviceNoteInput): Promise<DeviceNote> {
  return call(DEVICE_RECORD_ROUTES[kind].updateNote, { params: { id, noteId }, body: input });
}

export async function deleteDeviceNote(kind: DeviceRecordOwner, id: string, noteId: string): Promise<void> {
  await call(DEVICE_RECORD_ROUTES[kind].deleteNote, { params: { id, noteId } });
}

// Files: uploaded by the browser straight to storage with a signed upload form, then confirmed.

export const deviceFilesKey = (kind: DeviceRecordOwner, id: string, fileKind: DeviceFileKind) => ['device-files', kind, id, fileKind] as const;

export function useDeviceFiles(kind: DeviceRecordOwner, id: string, fileKind: DeviceFileKind = 'file'): SWRResponse<DeviceFile[], ApiError> {
  return useAllPages(deviceFilesKey(kind, id, fileKind), (onPage) =>
    fetchAllPages(pages(DEVICE_RECORD_ROUTES[kind].listFiles, { params: { id }, filters: { kind: fileKind } }), onPage));
}

/**
 * The bytes go to storage, not through the API (device files, information items): a
 * multipart form POST of the ticket's fields, in order, then the file last (storage reads no
 * field after it). A failure there is the generic message.
 */
export async function postToStorage(url: string, fields: Record<string, string>, file: File): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', body: form });
  } catch {
    throw new ApiError(0, MESSAGES.genericError, { code: 'genericError' });
  }
  if (!response.ok) throw new ApiError(response.status, MESSAGES.genericError, { code: 'genericError' });
}

/**
 * Uploads a file to a device: asks the API for an upload form (it checks the type and size
 * first; the form binds them), POSTs the bytes with it, then confirms the upload. Answers the
 * stored file.
 */
export async function uploadDeviceFile(kind: DeviceRecordOwner, id: string, file: File, fileKind: DeviceFileKind = 'file'): Promise<DeviceFile> {
  const ticket = await call(DEVICE_RECORD_ROUTES[kind].startFileUpload, {
    params: { id },
    body: { fileName: file.name, contentType: file.type || 'application/octet-stream', size: file.size, kind: fileKind },
  });
  await postToStorage(ticket.uploadUrl, ticket.uploadFields, file);
  return call(DEVICE_RECORD_ROUTES[kind].completeFileUpload, { params: { id, fileId: ticket.file.id } });
}

/** A presigned URL that downloads the file as an attachment. */
export async function deviceFileDownloadUrl(kind: DeviceRecordOwner, id: string, fileId: string): Promise<string> {
  return (await call(DEVICE_RECORD_ROUTES[kind].downloadFile, { params: { id, fileId } })).url;
}

export async function deleteDeviceFile(kind: DeviceRecordOwner, id: string, fileId: string): Promise<void> {
  await call(DEVICE_RECORD_ROUTES[kind].deleteFile, { params: { id, fileId } });
}

// History: the device's audit trail, newest first.

export type DeviceHistoryEntry = HistoryEntry;

export const deviceHistoryKey = (kind: DeviceRecordOwner, id: string) => ['device-history', kind, id] as const;

/** A device's history: the first page at once, the rest as it comes. */
export function useDeviceHistory(kind: DeviceRecordOwner, id: string): PagedList<DeviceHistoryEntry> {
  return usePagedList(deviceHistoryKey(kind, id), (onPage) =>
    fetchAllPages(pages(HISTORY_ROUTES[kind], { params: { id } }), onPage));
}
