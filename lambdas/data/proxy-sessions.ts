import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ProxySession } from '@domain/identity/proxy-session';
import { proxySessionKeyParams, toProxySession } from './entities/proxy-session';

/** The proxy session a proxy token names (one consistent GetItem), or undefined. */
export async function readProxySession(
  client: DynamoDBDocumentClient, tableName: string, actorCustomerId: string, actorUserId: string, sessionId: string,
): Promise<ProxySession | undefined> {
  const result = await client.send(new GetCommand({ ...proxySessionKeyParams(tableName, actorCustomerId, actorUserId, sessionId), ConsistentRead: true }));
  return result.Item === undefined ? undefined : toProxySession(result.Item);
}
