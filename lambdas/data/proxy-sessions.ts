import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isProxySessionOpen, type ProxySession } from '@domain/identity/proxy-session';
import { proxySessionKeyParams, proxySessionsOfActor, toProxySession } from './entities/proxy-session';
import { queryAll } from './queries';

/** The proxy session a proxy token names (one consistent GetItem), or undefined. */
export async function readProxySession(
  client: DynamoDBDocumentClient, tableName: string, actorCustomerId: string, actorUserId: string, sessionId: string,
): Promise<ProxySession | undefined> {
  const result = await client.send(new GetCommand({ ...proxySessionKeyParams(tableName, actorCustomerId, actorUserId, sessionId), ConsistentRead: true }));
  return result.Item === undefined ? undefined : toProxySession(result.Item);
}

/** The actor's proxy session still open at `now` (neither ended nor expired), if any. */
export async function openProxySessionOf(
  client: DynamoDBDocumentClient, tableName: string, actorCustomerId: string, actorUserId: string, now: Date,
): Promise<ProxySession | undefined> {
  const sessions = await queryAll(client, { ...proxySessionsOfActor(tableName, actorCustomerId, actorUserId), ConsistentRead: true }, toProxySession);
  return sessions.find((session) => isProxySessionOpen(session, now));
}
