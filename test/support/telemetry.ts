import { randomBytes } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { deviceKey, ENTITY } from '../../lambdas/data';
import { LOCAL_REGION } from '../../local/identity';
import type { StackUnderTest } from './global-setup';

/**
 * A sensor's configuration item written straight into the table, with the fields the ingest
 * and the graph call read (a CT-200: temperature and humidity), so device-data tests do not
 * depend on the sensors API. Returns the sensor id.
 */
export async function putTestSensor(
  stack: Pick<StackUnderTest, 'dynamoEndpoint' | 'tableName' | 'credentials'>,
  customerId: string,
  fields: { siteId: string; locationId?: string; id?: string } & Record<string, unknown>,
): Promise<string> {
  const id = fields.id ?? randomBytes(4).toString('hex').toUpperCase();
  const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials }));
  try {
    await documents.send(new PutCommand({
      TableName: stack.tableName,
      Item: {
        type: 'SENSOR', name: `Test sensor ${id}`, deviceModel: 'CT-200', deviceStatus: 'active', disabled: false,
        channels: [{ channel: 1, sensorType: 'temperature', sensorSubType: 'refrigerator' }, { channel: 2, sensorType: 'humidity', sensorSubType: 'relativeHumidity' }],
        ...fields,
        ...deviceKey(customerId, ENTITY.sensor, id),
        id,
      },
    }));
  } finally {
    documents.destroy();
  }
  return id;
}
