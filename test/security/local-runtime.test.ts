import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { identityClient, LOCAL_REGION } from '../../local/identity';

const stack = inject('stack');

/**
 * The local runtime is a product surface too. DynamoDB Local listens on every interface (it
 * has no loopback option), so what keeps another machine out of the portal's data is the data
 * folder's own random access key id: DynamoDB Local keeps one database per access key.
 */
describe('the local runtime, to a caller without the data folder credentials', () => {
  it("DynamoDB Local shows another access key an empty database of its own, not the portal's", async () => {
    const guessed = (accessKeyId: string) => new DynamoDBClient({
      endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: { accessKeyId, secretAccessKey: 'anything' },
    });
    const own = new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials });
    try {
      expect((await own.send(new ListTablesCommand({}))).TableNames).toContain(stack.tableName);
      for (const accessKeyId of ['local', 'AKIAIOSFODNN7EXAMPLE', 'test']) {
        const client = guessed(accessKeyId);
        try {
          expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual([]);
        } finally {
          client.destroy();
        }
      }
    } finally {
      own.destroy();
    }
  });

  it("the identity service's admin operations refuse the well-known local/local credentials", async () => {
    const client = identityClient(stack.identityEndpoint, { accessKeyId: 'local', secretAccessKey: 'local' });
    try {
      await expect(client.send(new ListUsersCommand({ UserPoolId: stack.userPoolId }))).rejects.toMatchObject({ name: 'UnrecognizedClientException' });
    } finally {
      client.destroy();
    }
  });
});
