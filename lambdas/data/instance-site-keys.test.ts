import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, UpdateCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { checklistInstancePut } from './entities/checklist-instance';
import { haccpOrganisations } from './entities/haccp-organisation';
import { rewriteInstanceSiteKeys } from './instance-site-keys';

const dynamo = mockClient(DynamoDBDocumentClient);
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' }));

const instance = (id: string, date: string) => checklistInstancePut('table', 'org-1', {
  id, checklistId: 'c-1', checklistVersion: 1, checklistName: 'Opening checks',
  checklist: { name: 'Opening checks', description: '', questions: [], allowPartialUpload: false, allowManualReadings: false, allowNotApplicable: false },
  siteId: 's-1', shiftId: 'sh-1', shiftName: 'Morning', scheduleId: 'sc-1', scheduleName: 'Every day', assignedUserIds: [], date,
  windowStart: `${date}T06:00:00.000Z`, windowEnd: `${date}T10:00:00.000Z`, missedAt: `${date}T12:00:00.000Z`, questionCount: 1,
  createdAt: '2026-03-01T00:00:00.000Z', version: 1,
}).Item;

describe('rewriting the site keys of instances from before the bySite index (a local data folder)', () => {
  beforeEach(() => {
    dynamo.reset();
    const current = instance('i-new', '2026-03-10');
    // Written with bySiteDay's keys: the site's day the partition, the window start leading the sort key.
    const old = { ...instance('i-old', '2026-03-09'), gsi1pk: 'C#org-1#CHECKLISTINSTANCES#SITE#s-1#2026-03-09', gsi1sk: '2026-03-09T06:00:00.000Z#i-old' };
    const organisationsPartition = String(haccpOrganisations('table').ExpressionAttributeValues?.[':pk']);
    dynamo.on(QueryCommand).callsFake((input: QueryCommandInput) => {
      const pk = String(input.ExpressionAttributeValues?.[':pk']);
      if (pk === organisationsPartition) return { Items: [{ customerId: 'org-1' }] };
      return { Items: pk === 'C#org-1#CHECKLISTINSTANCE' ? [current, old] : [] };
    });
    dynamo.on(UpdateCommand).resolves({});
  });

  it('rewrites only the instances keyed the old way, to the keys the entity writes now', async () => {
    expect(await rewriteInstanceSiteKeys(documents, 'table')).toBe(1);
    const updates = dynamo.commandCalls(UpdateCommand).map((call) => call.args[0].input);
    expect(updates).toEqual([expect.objectContaining({
      Key: { pk: 'C#org-1#CHECKLISTINSTANCE', sk: 'CHECKLISTINSTANCE#i-old' },
      ExpressionAttributeValues: { ':pk': 'C#org-1#CHECKLISTINSTANCES#SITE#s-1', ':sk': '2026-03-09#2026-03-09T06:00:00.000Z#i-old' },
    })]);
  });
});
