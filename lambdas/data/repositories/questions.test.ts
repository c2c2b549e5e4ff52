import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { questionTemplateInputSchema, withQuestionIds } from '@domain/haccp/question';
import type { Caller } from '../../shared/caller';
import { QuestionTemplateStore, type QuestionTemplateFields } from './questions';

const dynamo = mockClient(DynamoDBDocumentClient);
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'local' }));
const store = new QuestionTemplateStore(documents, 'table', () => new Date('2026-03-01T10:00:00Z'));
const caller: Caller = { userId: 'u-1', email: 'admin@demo.example', role: 'admin', customerId: 'org-1', accountId: 'a-1', isPortalLogin: true, tokenId: 't-1' };
const KNOWN = new Set(['SENSOR#DW1', 'CORRECTIVEACTION#ca-1', 'INFORMATIONITEM#i-1']);

function fieldsOf(input: unknown): QuestionTemplateFields {
  const { name, ...question } = questionTemplateInputSchema.parse(input);
  const { id: _id, ...rest } = withQuestionIds(question, () => 'o-1');
  return { ...rest, name };
}

describe('QuestionTemplateStore', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(TransactWriteCommand).resolves({});
    dynamo.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: Record<string, string>[] }> }) => ({
      Responses: { table: (input.RequestItems['table']?.Keys ?? []).filter((key) => KNOWN.has(String(key['sk']))) },
    }));
  });

  it('keeps the question under `question` (its type apart from the item\'s), its name claimed, and reads it back', async () => {
    // Act
    const created = await store.create(caller, 'org-1', fieldsOf({ text: 'Dishwasher rinse', type: 'dishwasher', min: 82, max: 90, dishwasherSensorId: 'dw1', correctiveActionIds: ['ca-1'] }));

    // Assess
    const items = dynamo.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    const put = items.find((item) => item.Put?.Item?.['pk'] === 'C#org-1#QUESTIONTEMPLATE')?.Put?.Item;
    expect(put).toMatchObject({ type: 'QUESTIONTEMPLATE', name: 'Dishwasher rinse', question: { type: 'dishwasher', dishwasherSensorId: 'DW1', min: 82, max: 90 } });
    expect(items.some((item) => String(item.Put?.Item?.['pk']).startsWith('C#org-1#UNIQUE#QUESTIONTEMPLATE#name#'))).toBe(true);
    dynamo.on(GetCommand).resolves({ Item: put });
    expect(await store.get('org-1', created.id)).toEqual(created);
  });

  it.each([
    ['an unknown dishwasher sensor', { text: 'Dishwasher', type: 'dishwasher', min: 82, max: 90, dishwasherSensorId: 'DW2' }, MESSAGES.questionDishwasherSensorIdInvalid],
    ['an unknown corrective action', { text: 'Probe', type: 'probeTemperature', min: 75, max: 99, correctiveActionIds: ['ca-2'] }, MESSAGES.questionCorrectiveActionUnknown],
    ['an unknown information item', { text: 'Oil', type: 'oilQuality', warnAt: 1, replaceAt: 2, informationId: 'i-2' }, MESSAGES.questionInformationUnknown],
  ])('refuses %s', async (_case, input, message) => {
    await expect(store.create(caller, 'org-1', fieldsOf(input))).rejects.toMatchObject({ message });
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
