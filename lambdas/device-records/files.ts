import { PRESIGNED_URL_SECONDS } from '@domain/devices/device-records';
import { validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { s3Client } from '../shared/clients/s3';
import { requireFilesBucket } from '../shared/config';
import { S3DeviceFileObjects, type DeviceFileObjects } from '../shared/device-file-objects';

/** The files bucket's side of device files (their items are the data layer's, lambdas/data/repositories/device-records.ts). */
export const deviceFileObjects = (): DeviceFileObjects => new S3DeviceFileObjects(s3Client(), requireFilesBucket());

/** How long presigned URLs work. */
export const URL_SECONDS = PRESIGNED_URL_SECONDS;

/** Refuses a file upload confirmation whose bytes do not match what was announced. */
export const uploadMismatch = () => validationError(MESSAGES.fileUploadMismatch);
