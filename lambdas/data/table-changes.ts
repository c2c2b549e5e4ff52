import { DescribeTableCommand, DynamoDBClient, type AttributeValue, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';

/**
 * The table's changes as its stream gives them (lambdas/notifier/stream.ts reads them; locally
 * local/table-stream.ts), in DynamoDB's attribute-value form until `imageOf` reads them.
 */

/** A stream record as both runtimes give it (the Lambda event's and DynamoDB Streams' GetRecords shape). */
export interface TableChange {
  eventName?: string;
  dynamodb?: {
    NewImage?: Record<string, AttributeValue>;
    OldImage?: Record<string, AttributeValue>;
    SequenceNumber?: string;
  };
}

/**
 * An attribute value as the SDK's DynamoDB Streams client gives it: it reads an empty map
 * (`{"M":{}}`) as `{}`, which unmarshall refuses; put back, at any depth.
 */
function repaired(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return { M: {} };
  const [[kind, inner] = ['', undefined]] = entries;
  if (kind === 'M' && typeof inner === 'object' && inner !== null) return { M: Object.fromEntries(Object.entries(inner).map(([name, item]) => [name, repaired(item)])) };
  if (kind === 'L' && Array.isArray(inner)) return { L: inner.map(repaired) };
  return value;
}

/** A change's image as a plain item, the shape the data layer reads. */
export const imageOf = (image: Record<string, AttributeValue> | undefined): Record<string, unknown> | undefined =>
  (image === undefined ? undefined : unmarshall(Object.fromEntries(Object.entries(image).map(([name, value]) => [name, repaired(value)])) as Parameters<typeof unmarshall>[0]));

/** The table's stream (its newest), as DescribeTable names it; undefined when the table has none. */
export async function latestStreamArn(clientConfig: DynamoDBClientConfig, tableName: string): Promise<string | undefined> {
  const tables = new DynamoDBClient(clientConfig);
  try {
    return (await tables.send(new DescribeTableCommand({ TableName: tableName }))).Table?.LatestStreamArn;
  } finally {
    tables.destroy();
  }
}
