import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { checklistInstancesOfChecklist, checklistInstancesOfSiteDays, toChecklistInstance, type ChecklistInstanceRecord } from './entities/checklist-instance';
import { queryAll } from './queries';

/**
 * The instance reads of the checklist exception view and of a checklist's performance: one
 * range query per site over its local days (gsi1), or one of a checklist's days (gsi2); never a
 * Scan.
 */

/** The instances of each site's local days from `fromDate` to `toDate` (inclusive): one Query (and its pages) a site. */
export async function instancesOfSiteDays(
  client: DynamoDBDocumentClient, tableName: string, customerId: string, siteDays: readonly { siteId: string; fromDate: string; toDate: string }[],
): Promise<ChecklistInstanceRecord[]> {
  const reads = siteDays.map(({ siteId, fromDate, toDate }) =>
    queryAll(client, checklistInstancesOfSiteDays(tableName, customerId, siteId, fromDate, toDate), toChecklistInstance));
  return (await Promise.all(reads)).flat();
}

/** A checklist's instances of the local days from `fromDate` to `toDate` (inclusive). */
export async function instancesOfChecklistDays(
  client: DynamoDBDocumentClient, tableName: string, customerId: string, checklistId: string, fromDate: string, toDate: string,
): Promise<ChecklistInstanceRecord[]> {
  return queryAll(client, checklistInstancesOfChecklist(tableName, customerId, checklistId, fromDate, toDate), toChecklistInstance);
}
