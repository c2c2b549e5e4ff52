import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { checklistInstanceKey, checklistInstancePut, toChecklistInstance } from './entities/checklist-instance';
import { itemKeyOf } from './key-parts';
import { haccpOrganisations, toHaccpOrganisationId } from './entities/haccp-organisation';
import { queryAll } from './queries';

/**
 * A data migration the local runtime runs at each start (local/demo-haccp.ts). A local data
 * folder's checklist instances written before the `bySite` index (gsi1: a site's partition,
 * the local day leading the sort key) replaced `bySiteDay` (a site's day a partition) keep the old gsi1 keys, so neither Today nor the dashboard's checklist exceptions
 * find them (docs/data-model.md). Each start rewrites those keys: one Query of each HACCP
 * organisation's instances, an update of the ones still keyed the old way (none after the first
 * start). Returns how many it rewrote.
 */
export async function rewriteInstanceSiteKeys(documents: DynamoDBDocumentClient, tableName: string): Promise<number> {
  const organisations = await queryAll(documents, haccpOrganisations(tableName), toHaccpOrganisationId);
  let rewritten = 0;
  for (const customerId of organisations) {
    const items = await queryAll(documents, {
      TableName: tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': itemKeyOf(checklistInstanceKey(tableName, customerId, '-')).pk },
    }, (item) => item);
    for (const item of items) {
      // The keys the entity writes today for this instance.
      const { gsi1pk, gsi1sk } = checklistInstancePut(tableName, customerId, toChecklistInstance(item)).Item;
      if (item['gsi1pk'] === gsi1pk && item['gsi1sk'] === gsi1sk) continue;
      await documents.send(new UpdateCommand({
        TableName: tableName, Key: { pk: item['pk'], sk: item['sk'] },
        UpdateExpression: 'SET gsi1pk = :pk, gsi1sk = :sk', ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':pk': gsi1pk, ':sk': gsi1sk },
      }));
      rewritten += 1;
    }
  }
  return rewritten;
}
