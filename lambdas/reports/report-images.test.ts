import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { answerImageReference } from '@domain/reports/checklist-report';
import { checklistAnswerKey } from '../data/entities/checklist-answer';
import { imageReferences, readReportImages } from './report-images';

const dynamo = mockClient(DynamoDBDocumentClient);
afterEach(() => dynamo.reset());

const photo = answerImageReference('instance-1', 'q-photo');
const signature = answerImageReference('instance-1', 'q-sign');
const answers = (value: string | null, sign: string | null) => ({ checklist: 'Opening', question: 'Door', answer: 'Yes', exception: false, correctiveAction: null, photo: value, signature: sign });

describe("a report's photos and signatures for its PDF", () => {
  it('names each image cell of the report once, in order, and nothing of another report or a plain text', () => {
    const figures = { instances: [], answers: [answers(photo, null), answers(null, signature), answers(photo, 'not a reference')] };
    expect(imageReferences('checklistReport', figures)).toEqual([photo, signature]);
    expect(imageReferences('temperatureLog', { readings: [{ sensor: photo }] })).toEqual([]);
  });

  it('reads the PNG and JPEG answers as bytes, and leaves out one missing or of another kind', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
    dynamo.on(GetCommand).resolves({});
    dynamo.on(GetCommand, { Key: checklistAnswerKey('table', 'org-1', 'instance-1', 'q-photo').Key }).resolves({ Item: { value: `data:image/png;base64,${png.toString('base64')}` } });
    const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));
    const images = await readReportImages(client, 'table', 'org-1', [photo, signature]);
    expect(dynamo.commandCalls(GetCommand)).toHaveLength(2);
    expect([...images.entries()]).toEqual([[photo, png]]);
  });
});
