import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { checklistInstancesOfChecklist, checklistInstancesOfSiteDay, toChecklistInstance, type ChecklistInstanceRecord } from './entities/checklist-instance';
import { queryAll } from './queries';

/**
 * The instance reads of the checklist exception view and of a checklist's performance: a
 * query per site and local day (gsi1), or one of a checklist's days (gsi2); never a Scan.
 */

/** The instances of each site's given local days. */
export async function instancesOfSiteDays(
  client: DynamoDBDocumentClient, tableName: string, customerId: string, siteDays: readonly { siteId: string; dates: readonly string[] }[],
): Promise<ChecklistInstanceRecord[]> {
  const reads = siteDays.flatMap(({ siteId, dates }) => dates.map((date) =>
    queryAll(client, checklistInstancesOfSiteDay(tableName, customerId, siteId, date), toChecklistInstance)));
  return (await Promise.all(reads)).flat();
}

/** A checklist's instances of the local days from `fromDate` to `toDate` (inclusive). */
export async function instancesOfChecklistDays(
  client: DynamoDBDocumentClient, tableName: string, customerId: string, checklistId: string, fromDate: string, toDate: string,
): Promise<ChecklistInstanceRecord[]> {
  return queryAll(client, checklistInstancesOfChecklist(tableName, customerId, checklistId, fromDate, toDate), toChecklistInstance);
}
