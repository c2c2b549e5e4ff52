import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, type GetCommandInput, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerImage, answersOfInstances, correctiveActionNames } from './checklist-performance';
import { checklistAnswerKey, checklistAnswerPut, type ChecklistAnswerRecord } from './entities/checklist-answer';

const dynamo = mockClient(DynamoDBDocumentClient);
const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' }));
const TABLE = 'table';
const ORG = 'org-1';
const PHOTO = 'data:image/jpeg;base64,AAAA';

const answer = (instanceId: string, questionId: string, value: unknown): ChecklistAnswerRecord => ({
  instanceId, questionId, idempotencyKey: `key-${questionId}`, value, notApplicable: false, manualReading: false, additionalFields: {},
  isException: false, answeredAt: '2026-03-08T13:00:00.000Z', receivedAt: '2026-03-08T13:00:01.000Z', answeredBy: 'Ana', answeredByAccountId: 'account-1',
});

describe('the checklist reports\' reads', () => {
  beforeEach(() => dynamo.reset());

  it('reads each instance\'s answers once, by instance', async () => {
    const stored = [answer('i-1', 'q-1', 4), answer('i-1', 'q-2', 'yes'), answer('i-2', 'q-1', 7)].map((one) => checklistAnswerPut(TABLE, ORG, one).Item);
    const queried: string[] = [];
    dynamo.on(QueryCommand).callsFake((input: QueryCommandInput) => {
      const pk = String(input.ExpressionAttributeValues?.[':pk']);
      queried.push(pk);
      return { Items: stored.filter((item) => item['pk'] === pk) };
    });
    const answers = await answersOfInstances(client, TABLE, ORG, ['i-1', 'i-2', 'i-1', 'i-3']);
    expect(queried).toHaveLength(3);
    expect([...answers.entries()].map(([id, list]) => [id, list.map((one) => one.value)])).toEqual([['i-1', [4, 'yes']], ['i-2', [7]], ['i-3', []]]);
  });

  it('reads an answer\'s image by its instance and question, and nothing that is not an image', async () => {
    const items = [answer('i-1', 'q-photo', PHOTO), answer('i-1', 'q-text', 'Fine')].map((one) => checklistAnswerPut(TABLE, ORG, one).Item);
    dynamo.on(GetCommand).callsFake((input: GetCommandInput) => ({ Item: items.find((item) => item['pk'] === input.Key?.['pk'] && item['sk'] === input.Key?.['sk']) }));
    await expect(answerImage(client, TABLE, ORG, 'i-1', 'q-photo')).resolves.toBe(PHOTO);
    await expect(answerImage(client, TABLE, ORG, 'i-1', 'q-text')).resolves.toBeUndefined();
    await expect(answerImage(client, TABLE, ORG, 'i-1', 'q-missing')).resolves.toBeUndefined();
    expect(checklistAnswerKey(TABLE, ORG, 'i-1', 'q-photo').Key['pk']).toContain(ORG);
  });

  it('reads no corrective action when none is named', async () => {
    dynamo.on(BatchGetCommand).rejects(new Error('not expected'));
    await expect(correctiveActionNames(client, TABLE, ORG, [])).resolves.toEqual(new Map());
  });
});
