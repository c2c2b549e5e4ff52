import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * Every AWS client is made here, once per process. Endpoints come from the SDK's own
 * `AWS_ENDPOINT_URL_<SERVICE>` variables, which the local runner sets, so handlers never
 * know which runtime they are in.
 */
let documentClient: DynamoDBDocumentClient | undefined;

export function dynamoDocumentClient(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClient;
}
