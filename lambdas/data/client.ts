import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * The one DynamoDB document client of the process, made once (the other AWS clients are
 * lambdas/shared/clients.ts). Its endpoint comes from the SDK's own `AWS_ENDPOINT_URL_DYNAMODB`,
 * which the local runner sets.
 */
let documentClient: DynamoDBDocumentClient | undefined;

export function dynamoDocumentClient(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClient;
}
