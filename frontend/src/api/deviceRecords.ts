import type { SWRResponse } from 'swr';
import {
  deviceFilePageSchema,
  deviceFileSchema,
  deviceNotePageSchema,
  deviceNoteSchema,
  fileDownloadSchema,
  fileUploadTicketSchema,
  type DeviceFile,
  type DeviceFileKind,
  type DeviceNote,
  type DeviceNoteInput,
  type DeviceRecordOwner,
} from '@domain/devices/device-records';
import { historyPageSchema, type HistoryEntry } from '@domain/core/readable-changes';
import { MESSAGES } from '@domain/core/messages';
import { apiFetch, apiFetchAs } from './apiFetch';
import { ApiError } from './ApiError';
import { fetchAllPages, useAllPages, usePagedList, type PagedList } from './pagedList';

/** A sensor's or a gateway's notes, files and history: the same calls under /sensors/{id} and /gateways/{id}. */
const devicePath = (kind: DeviceRecordOwner, id: string) => `/${kind}/${encodeURIComponent(id)}`;

// Notes (SPEC section 3: name, note, created by, date; the name unique per device).

export const deviceNotesKey = (kind: DeviceRecordOwner, id: string) => ['device-notes', kind, id] as const;

/** A device's notes: the first page at once, the rest as it comes. */
export function useDeviceNotes(kind: DeviceRecordOwner, id: string): PagedList<DeviceNote> {
  return usePagedList(deviceNotesKey(kind, id), (onPage) =>
    fetchAllPages({ schema: deviceNotePageSchema, path: `${devicePath(kind, id)}/notes` }, onPage));
}

export function addDeviceNote(kind: DeviceRecordOwner, id: string, input: DeviceNoteInput): Promise<DeviceNote> {
  return apiFetchAs(deviceNoteSchema, `${devicePath(kind, id)}/notes`, { method: 'POST', body: input });
}

export function updateDeviceNote(kind: DeviceRecordOwner, id: string, noteId: string, input: DeviceNoteInput): Promise<DeviceNote> {
  return apiFetchAs(deviceNoteSchema, `${devicePath(kind, id)}/notes/${encodeURIComponent(noteId)}`, { method: 'PUT', body: input });
}

export async function deleteDeviceNote(kind: DeviceRecordOwner, id: string, noteId: string): Promise<void> {
  await apiFetch(`${devicePath(kind, id)}/notes/${encodeURIComponent(noteId)}`, { method: 'DELETE' });
}

// Files: uploaded by the browser straight to storage with a signed upload form, then confirmed.

export const deviceFilesKey = (kind: DeviceRecordOwner, id: string, fileKind: DeviceFileKind) => ['device-files', kind, id, fileKind] as const;

export function useDeviceFiles(kind: DeviceRecordOwner, id: string, fileKind: DeviceFileKind = 'file'): SWRResponse<DeviceFile[], ApiError> {
  return useAllPages(deviceFilesKey(kind, id, fileKind), (onPage) =>
    fetchAllPages({ schema: deviceFilePageSchema, path: `${devicePath(kind, id)}/files`, filters: { kind: fileKind } }, onPage));
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
  const ticket = await apiFetchAs(fileUploadTicketSchema, `${devicePath(kind, id)}/files`, {
    method: 'POST',
    body: { fileName: file.name, contentType: file.type || 'application/octet-stream', size: file.size, kind: fileKind },
  });
  await postToStorage(ticket.uploadUrl, ticket.uploadFields, file);
  return apiFetchAs(deviceFileSchema, `${devicePath(kind, id)}/files/${encodeURIComponent(ticket.file.id)}/complete`, { method: 'PUT' });
}

/** A presigned URL that downloads the file as an attachment. */
export async function deviceFileDownloadUrl(kind: DeviceRecordOwner, id: string, fileId: string): Promise<string> {
  return (await apiFetchAs(fileDownloadSchema, `${devicePath(kind, id)}/files/${encodeURIComponent(fileId)}/download`)).url;
}

export async function deleteDeviceFile(kind: DeviceRecordOwner, id: string, fileId: string): Promise<void> {
  await apiFetch(`${devicePath(kind, id)}/files/${encodeURIComponent(fileId)}`, { method: 'DELETE' });
}

// History: the device's audit trail, newest first.

export type DeviceHistoryEntry = HistoryEntry;

export const deviceHistoryKey = (kind: DeviceRecordOwner, id: string) => ['device-history', kind, id] as const;

/** A device's history: the first page at once, the rest as it comes. */
export function useDeviceHistory(kind: DeviceRecordOwner, id: string): PagedList<DeviceHistoryEntry> {
  return usePagedList(deviceHistoryKey(kind, id), (onPage) =>
    fetchAllPages({ schema: historyPageSchema, path: `${devicePath(kind, id)}/history` }, onPage));
}
