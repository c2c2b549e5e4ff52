/** An upload ticket's form (domain/devices/device-records.ts `uploadFormSchema`). */
export interface UploadFormTicket { uploadUrl: string; uploadFields: Record<string, string> }

/**
 * The browser's upload (frontend/src/api/deviceRecords.ts `postToStorage`): a multipart form
 * POST of the ticket's fields in order, then the bytes as the last field, `file`.
 */
export function postUpload(ticket: UploadFormTicket, bytes: Buffer | string, fields: Record<string, string> = {}): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...ticket.uploadFields, ...fields })) form.append(name, value);
  form.append('file', new Blob([typeof bytes === 'string' ? Buffer.from(bytes) : bytes]), 'upload');
  return fetch(ticket.uploadUrl, { method: 'POST', body: form });
}
