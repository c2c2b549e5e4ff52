import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoDocumentClient } from './client';
import { backendConfig } from '../shared/config';

/** The single table a store writes on: the one document client and the table's name. */
export interface DataTable {
  client: DynamoDBDocumentClient;
  tableName: string;
}

/** The process's table (the client made once, the name read once from TABLE_NAME). */
export function dataTable(): DataTable {
  return { client: dynamoDocumentClient(), tableName: backendConfig().tableName };
}

/**
 * A document client of a table at a given endpoint (the local tools: the simulator beside a
 * running stack), with the process client's marshalling; its caller destroys it.
 */
export function tableClientAt(config: DynamoDBClientConfig): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(new DynamoDBClient(config), { marshallOptions: { removeUndefinedValues: true } });
}
