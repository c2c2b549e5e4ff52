import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conflict } from '@domain/core/errors';
import { fillTemplate } from '@domain/devices/gateway';
import { checklistNamesUsing, shownNames, usesCorrectiveAction } from '@domain/haccp/library-use';
import { MESSAGES } from '@domain/core/messages';
import type { CorrectiveAction, CorrectiveActionInput } from '@domain/haccp/corrective-action';
import { checklistsByName, correctiveActionKey, correctiveActionPut, correctiveActionsByName, NamedRecordStore, queryAll, toChecklist, toCorrectiveAction, ENTITY } from '..';
import type { Caller } from '../../shared/caller';

/**
 * Standard corrective actions on the single table (the entity is
 * lambdas/data/entities/corrective-action.ts): a named, versioned, audited record, names
 * unique in the organisation; not deleted while a checklist's question offers it.
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

  /**
   * Refused while a checklist still uses it (as read: a checklist saved meanwhile is checked by
   * the checklists' own reference check), naming the checklists.
   */
  override async delete(caller: Caller, customerId: string, id: string): Promise<void> {
    const checklists = await queryAll(this.client, checklistsByName(this.tableName, customerId), toChecklist);
    const names = checklistNamesUsing(checklists, usesCorrectiveAction(id));
    if (names.length > 0) throw conflict(fillTemplate(MESSAGES.correctiveActionInUse, { names: shownNames(names) }));
    await super.delete(caller, customerId, id);
  }
}
