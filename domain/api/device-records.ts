import { deviceFileSchema, deviceNoteInputSchema, deviceNoteSchema, fileDownloadSchema, fileUploadRequestSchema, fileUploadTicketSchema, type DeviceRecordOwner } from '../devices/device-records';
import { ORGANISATION_READERS, ORGANISATION_WRITERS } from '../identity/roles';
import { contract } from './contract';

/** The notes and files of one kind of device (sensors or gateways): the same contracts under its own paths. */
function deviceRecordContracts<const Owner extends DeviceRecordOwner>(owner: Owner) {
  const base = `/${owner}/{id}` as const;
  const noun = owner === 'sensors' ? 'sensor' : 'gateway';
  return {
    listNotes: contract({
      method: 'GET', path: `${base}/notes` as const, roles: ORGANISATION_READERS, summary: `A ${noun}'s notes`, response: deviceNoteSchema, paginated: true,
    }),
    createNote: contract({
      method: 'POST', path: `${base}/notes` as const, roles: ORGANISATION_WRITERS, summary: `Add a note to a ${noun} (names unique per ${noun})`, body: deviceNoteInputSchema, response: deviceNoteSchema,
    }),
    updateNote: contract({
      method: 'PUT', path: `${base}/notes/{noteId}` as const, roles: ORGANISATION_WRITERS, summary: `Edit a ${noun}'s note`, body: deviceNoteInputSchema, response: deviceNoteSchema,
    }),
    deleteNote: contract({
      method: 'DELETE', path: `${base}/notes/{noteId}` as const, roles: ORGANISATION_WRITERS, summary: `Delete a ${noun}'s note`,
    }),
    listFiles: contract({
      method: 'GET', path: `${base}/files` as const, roles: ORGANISATION_READERS, summary: `A ${noun}'s files (kind=file or image narrows it)`, response: deviceFileSchema, paginated: true,
    }),
    startFileUpload: contract({
      method: 'POST', path: `${base}/files` as const, roles: ORGANISATION_WRITERS, summary: `Start a file upload to a ${noun}: a pending file and a signed upload form (POST, 5 minutes)`, body: fileUploadRequestSchema, response: fileUploadTicketSchema,
    }),
    completeFileUpload: contract({
      method: 'PUT', path: `${base}/files/{fileId}/complete` as const, roles: ORGANISATION_WRITERS, summary: 'Confirm an upload (the stored object must have the announced size)', response: deviceFileSchema,
    }),
    downloadFile: contract({
      method: 'GET', path: `${base}/files/{fileId}/download` as const, roles: ORGANISATION_READERS, summary: 'A presigned URL downloading the file as an attachment (15 minutes)', response: fileDownloadSchema,
    }),
    deleteFile: contract({
      method: 'DELETE', path: `${base}/files/{fileId}` as const, roles: ORGANISATION_WRITERS, summary: `Delete a ${noun}'s file`,
    }),
  };
}

/** The contracts of lambdas/device-records/routes.ts, by kind of device (docs/adding-a-route.md). */
export const DEVICE_RECORD_ROUTES = {
  sensors: deviceRecordContracts('sensors'),
  gateways: deviceRecordContracts('gateways'),
} as const;
