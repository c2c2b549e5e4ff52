import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
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

let identityProviderClient: CognitoIdentityProviderClient | undefined;

/** The user pool's admin API (sessions, cognito/* routes, the sign-in triggers). */
export function cognitoClient(): CognitoIdentityProviderClient {
  identityProviderClient ??= new CognitoIdentityProviderClient({});
  return identityProviderClient;
}
