import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MESSAGES } from '@domain/core/messages';
import type { CorrectiveAction, CorrectiveActionInput } from '@domain/haccp/corrective-action';
import { correctiveActionKey, correctiveActionPut, correctiveActionsByName, NamedRecordStore, toCorrectiveAction } from '../data';
import { ENTITY } from '../shared/keys';

/**
 * Standard corrective actions on the single table (the entity is
 * lambdas/data/entities/corrective-action.ts): a named, versioned, audited record, names
 * unique in the organisation.
 */
export class CorrectiveActionStore extends NamedRecordStore<CorrectiveAction, CorrectiveActionInput> {
  constructor(client: DynamoDBDocumentClient, tableName: string, clock: () => Date = () => new Date()) {
    super(client, tableName, clock, {
      entityType: ENTITY.correctiveAction,
      put: correctiveActionPut,
      key: correctiveActionKey,
      byName: correctiveActionsByName,
      decode: toCorrectiveAction,
      messages: { notFound: MESSAGES.correctiveActionNotFound, nameTaken: MESSAGES.correctiveActionNameTaken },
    });
  }
}
