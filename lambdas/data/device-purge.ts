import { batchWrite, dataTable, deviceOwnRecords, isDeviceFileItem, isNoteOrFile, queryAll } from './';
import { s3Client } from '../shared/clients';
import { requireFilesBucket } from '../shared/config';
import { S3DeviceFileObjects } from '../shared/device-file-objects';
import type { DeviceEntity } from './device-keys';
import type { Logger } from '../shared/observability';

/**
 * What a deleted device leaves: its notes' name markers (notes themselves stop a delete),
 * and its files, records and bytes. Called by the sensors' and gateways' deletes after the
 * device's own delete; a failure is logged and leaves only unreachable items, which a device
 * added again with the same id would list, so it is retried once.
 */
export async function purgeDeviceRecords(customerId: string, entity: DeviceEntity, deviceId: string, logger: Logger): Promise<void> {
  const { client, tableName } = dataTable();
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    try {
      const items = (await queryAll(client, deviceOwnRecords(tableName, customerId, entity, deviceId), (item) => item)).filter(isNoteOrFile);
      const keys = items.filter((item) => isDeviceFileItem(item) && typeof item['key'] === 'string').map((item) => String(item['key']));
      if (keys.length > 0) {
        const objects = new S3DeviceFileObjects(s3Client(), requireFilesBucket());
        for (const key of keys) await objects.delete(key);
      }
      // The data layer's batch write: 25 a call, what was not processed asked again.
      await batchWrite(client, tableName, items.map((item) => ({ DeleteRequest: { Key: { pk: item['pk'], sk: item['sk'] } } })));
      return;
    } catch (error) {
      logger.warn('device records not purged', { entity, deviceId, attempt, error: error instanceof Error ? error.message : String(error) });
    }
  }
}
