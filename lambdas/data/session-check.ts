import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DomainError } from '@domain/core/errors';
import type { OrganisationModules } from '@domain/organisation/organisation';
import { dynamoDocumentClient } from './client';
import { backendConfig } from '../shared/config';
import { SESSION_TOUCH_INTERVAL_MS, type SessionCheck, type TokenState } from '../shared/session-check';
import { sessionKeyParams } from './entities/session';
import { sessionTokenKeyParams, toTokenState } from './entities/session-token';
import { organisationModulesOf, organisationStatusOf } from './organisations';
import { epochSeconds, isLive } from './sessions';
import { runTransaction, type GuardedItem } from './transaction';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The session check on the single table (the token pointer and its session, lambdas/data/entities/session*.ts). */
export class TableSessionCheck implements SessionCheck {
  constructor(
    protected readonly client: DynamoDBDocumentClient,
    protected readonly tableName: string,
    protected readonly settings: { lifetimeDays: number },
    protected readonly clock: () => Date = () => new Date(),
  ) {}

  /** When a session used at `at` ends unless used again: the lifetime (the refresh token's life) after. */
  protected expiryAfter(at: Date): Date {
    return new Date(at.getTime() + this.settings.lifetimeDays * DAY_MS);
  }

  /**
   * The state of a token family; undefined when no session was opened with it. A session past
   * its expiry (not deleted by the TTL yet) reads as ended then, so its tokens are refused.
   */
  async tokenState(customerId: string, tokenId: string): Promise<TokenState | undefined> {
    const result = await this.client.send(new GetCommand({ ...sessionTokenKeyParams(this.tableName, customerId, tokenId), ConsistentRead: true }));
    if (result.Item === undefined) return undefined;
    const state = toTokenState(result.Item);
    if (state.revokedAt !== undefined || isLive(state.ttl, this.clock())) return state;
    return { ...state, revokedAt: new Date((state.ttl ?? 0) * 1000).toISOString() };
  }

  organisationStatus(customerId: string): Promise<'active' | 'disabled'> {
    return organisationStatusOf(this.client, this.tableName, customerId);
  }

  organisationModules(customerId: string): Promise<OrganisationModules> {
    return organisationModulesOf(this.client, this.tableName, customerId);
  }

  /**
   * Records that the session is in use: last seen now, and its expiry moved to the lifetime
   * from now (session and token pointer in one transaction). Written at most once per
   * `SESSION_TOUCH_INTERVAL_MS`; a session that expired meanwhile is not revived.
   */
  async touch(customerId: string, tokenId: string, state: TokenState): Promise<void> {
    const now = this.clock();
    if (now.getTime() - Date.parse(state.lastSeenAt) < SESSION_TOUCH_INTERVAL_MS) return;
    const lastSeenAt = now.toISOString();
    const expires = this.expiryAfter(now);
    const live = { ':now': lastSeenAt, ':ttl': epochSeconds(expires), ':nowSeconds': epochSeconds(now) };
    const items: GuardedItem[] = [
      {
        item: {
          Update: {
            ...sessionKeyParams(this.tableName, customerId, state.accountId, state.sessionId),
            UpdateExpression: 'SET lastSeenAt = :now, expiresAt = :expiresAt, #ttl = :ttl',
            ConditionExpression: 'attribute_exists(pk) AND #ttl > :nowSeconds',
            ExpressionAttributeNames: { '#ttl': 'ttl' },
            ExpressionAttributeValues: { ...live, ':expiresAt': expires.toISOString() },
          },
        },
      },
      {
        item: {
          Update: {
            ...sessionTokenKeyParams(this.tableName, customerId, tokenId),
            UpdateExpression: 'SET lastSeenAt = :now, #ttl = :ttl',
            ConditionExpression: 'attribute_not_exists(revokedAt) AND #ttl > :nowSeconds',
            ExpressionAttributeNames: { '#ttl': 'ttl' },
            ExpressionAttributeValues: live,
          },
        },
      },
    ];
    await runTransaction(this.client, items).catch((error: unknown) => {
      // Ended or expired meanwhile (or touched by a parallel call): the next call is refused anyway.
      if (!(error instanceof TransactionCanceledException || error instanceof DomainError)) throw error;
    });
  }
}

/** The session check of this process (the table and the session lifetime read once from the environment). */
export function sessionCheckFromConfig(): SessionCheck {
  const config = backendConfig();
  return new TableSessionCheck(dynamoDocumentClient(), config.tableName, { lifetimeDays: config.sessionLifetimeDays });
}
