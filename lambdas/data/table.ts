import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
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
