import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conflict, validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { fillTemplate } from '@domain/devices/gateway';
import { checklistNamesUsing, shownNames, usesGroup } from '@domain/haccp/library-use';
import { CHECKLIST_GROUPS_MAX, inGroupOrder, reorderedPositions, type ChecklistGroup, type ChecklistGroupInput } from '@domain/haccp/checklist-group';
import type { Caller } from '../../shared/caller';
import {
  auditEntryPut,
  checklistsByName,
  queryAll,
  toChecklist,
  checklistGroupKey,
  checklistGroupOrderUpdate,
  checklistGroupPut,
  checklistGroupsByName,
  NamedRecordStore,
  runTransaction,
  toChecklistGroup,
  type GuardedItem,
  ENTITY,
} from '..';

/** What a create or update writes: the form's name and the group's place (kept on an update). */
type ChecklistGroupFields = ChecklistGroupInput & { order: number };

/**
 * Checklist groups on the single table (the entity is lambdas/data/entities/checklist-group.ts):
 * a named, versioned, audited record, names unique in the organisation, in the organisation's
 * order. A new group goes last; a rename keeps its place; a reorder moves every group whose
 * place changes in one transaction, each on its version read.
 */
export class ChecklistGroupStore extends NamedRecordStore<ChecklistGroup, ChecklistGroupFields> {
  constructor(client: DynamoDBDocumentClient, tableName: string, clock: () => Date = () => new Date()) {
    super(client, tableName, clock, {
      entityType: ENTITY.checklistGroup,
      put: checklistGroupPut,
      key: checklistGroupKey,
      byName: checklistGroupsByName,
      decode: toChecklistGroup,
      messages: { notFound: MESSAGES.checklistGroupNotFound, nameTaken: MESSAGES.checklistGroupNameTaken },
    });
  }

  /**
   * Refused while a checklist is still in it (as read: a checklist saved meanwhile is checked by
   * the checklists' own reference check), naming the checklists.
   */
  override async delete(caller: Caller, customerId: string, id: string): Promise<void> {
    const checklists = await queryAll(this.client, checklistsByName(this.tableName, customerId), toChecklist);
    const names = checklistNamesUsing(checklists, usesGroup(id));
    if (names.length > 0) throw conflict(fillTemplate(MESSAGES.checklistGroupInUse, { names: shownNames(names) }));
    await super.delete(caller, customerId, id);
  }

  /** Every group of the organisation, in its order. */
  async ordered(customerId: string): Promise<ChecklistGroup[]> {
    return inGroupOrder(await this.all(customerId));
  }

  /** A new group, last. */
  async add(caller: Caller, customerId: string, input: ChecklistGroupInput): Promise<ChecklistGroup> {
    const groups = await this.all(customerId);
    if (groups.length >= CHECKLIST_GROUPS_MAX) throw validationError(MESSAGES.checklistGroupsMax);
    const order = groups.reduce((last, group) => Math.max(last, group.order + 1), 0);
    return this.create(caller, customerId, { ...input, order });
  }

  /** A rename: the group keeps its place. */
  async rename(caller: Caller, customerId: string, id: string, input: ChecklistGroupInput): Promise<ChecklistGroup> {
    const before = await this.get(customerId, id);
    return this.update(caller, customerId, id, { ...input, order: before.order });
  }

  /**
   * The groups in the order `ids` gives: `ids` must name every group once (else the list the
   * administrator ordered is stale: 409). Only the groups whose place changes are written.
   */
  async reorder(caller: Caller, customerId: string, ids: readonly string[]): Promise<ChecklistGroup[]> {
    const groups = await this.all(customerId);
    const positions = reorderedPositions(groups.map((group) => group.id), ids);
    if (positions === undefined) throw conflict(MESSAGES.checklistGroupOrderStale);
    const now = this.clock();
    const change = { updatedAt: now.toISOString(), updatedBy: caller.email };
    const items: GuardedItem[] = [];
    const after = groups.map((group) => {
      const order = positions.get(group.id) ?? group.order;
      if (order === group.order) return group;
      const moved = { ...group, order, ...change, version: group.version + 1 };
      items.push(
        checklistGroupOrderUpdate(this.tableName, customerId, group, { order, ...change }),
        auditEntryPut(this.tableName, { customerId, caller, entityType: ENTITY.checklistGroup, entityId: group.id, action: 'update', before: { ...group }, after: { ...moved }, now }),
      );
      return moved;
    });
    if (items.length > 0) await runTransaction(this.client, items);
    return inGroupOrder(after);
  }
}
