import { randomUUID } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { auditedChecklist, type Checklist, type ChecklistCopyRequest, type ChecklistFields } from '@domain/haccp/checklist';
import { correctiveActionIdsOf, informationIdsOf, sensorIdsOf, withNewQuestionIds } from '@domain/haccp/question';
import type { Caller } from '../../shared/caller';
import {
  attachReference,
  checklistKey,
  checklistPut,
  checklistsByName,
  detachReference,
  haccpOrganisationPut,
  NamedRecordStore,
  plainPut,
  readByIds,
  renameReference,
  sensorKey,
  toChecklist,
  unknownSite,
  type GuardedItem,
  type Reference,
  ENTITY,
  type KeyOfId,
  siteKey,
  shiftKey,
  departmentKey,
  divisionKey,
  notificationGroupKey,
  checklistGroupKey,
  correctiveActionKey,
  informationItemKey,
} from '..';

const listOf = (item: Record<string, unknown> | undefined, field: string): unknown[] => (Array.isArray(item?.[field]) ? item[field] as unknown[] : []);

/**
 * HACCP checklists on the single table (docs/data-model.md "HACCP checklists"; the entity is
 * lambdas/data/entities/checklist.ts): a named, versioned, audited record with its questions
 * embedded, attached to its site by a reference (the site's delete counts it).
 */
export class ChecklistStore extends NamedRecordStore<Checklist, ChecklistFields> {
  constructor(client: DynamoDBDocumentClient, tableName: string, clock: () => Date = () => new Date()) {
    super(client, tableName, clock, {
      entityType: ENTITY.checklist,
      put: checklistPut,
      key: checklistKey,
      byName: checklistsByName,
      decode: toChecklist,
      messages: { notFound: MESSAGES.checklistNotFound, nameTaken: MESSAGES.checklistNameTaken },
      audited: auditedChecklist,
    });
  }

  /**
   * Copy Checklist: the checklist with its questions (new ids throughout) under a new name, on
   * another site or other locations.
   *
   * A question's sensor (a sensor temperature's, a dishwasher's) is a device on one site: the
   * copy keeps it only when it is on the copy's site. Elsewhere it would read another site's
   * fridge, and clearing it would leave a question the rules refuse (SPEC section 5: the sensor
   * is required; no sensor of the new site is the same one by any rule worth trusting, not even
   * by name). So such a copy is refused with the rule's own words, "Sensor is required.", on
   * that question's sensor field: copy it to its own site, or pick the new site's sensors in the
   * copy once it is made there.
   */
  async copy(caller: Caller, customerId: string, id: string, target: ChecklistCopyRequest): Promise<Checklist> {
    const source = await this.get(customerId, id);
    await this.assertSensorsOnSite(customerId, source.questions, target.siteId);
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, createdBy: _createdBy, updatedBy: _updatedBy, version: _version, ...fields } = source;
    return this.create(caller, customerId, { ...fields, ...target, questions: withNewQuestionIds(source.questions, randomUUID) });
  }

  /** Refuses questions whose sensor is not on `siteId` (Copy Checklist to another site). */
  private async assertSensorsOnSite(customerId: string, questions: Checklist['questions'], siteId: string): Promise<void> {
    const sensorIds = sensorIdsOf(questions);
    if (sensorIds.length === 0) return;
    const sensors = await readByIds(this.client, this.tableName, customerId, sensorKey, sensorIds);
    questions.forEach((question, index) => {
      for (const field of ['sensorId', 'dishwasherSensorId'] as const) {
        const sensorId = question[field];
        if (sensorId !== undefined && sensors.get(sensorId)?.['siteId'] !== siteId) {
          throw validationError(MESSAGES.questionSensorRequired, { [`questions.${index}.${field}`]: MESSAGES.questionSensorRequired });
        }
      }
    });
  }

  /**
   * Everything a checklist names must be the organisation's: the site and its locations, the
   * shift of that site, the departments and divisions, a notification group of type HACCP,
   * the checklist group, and each question's sensors, corrective actions and information.
   */
  protected override async checkInput(customerId: string, input: ChecklistFields): Promise<void> {
    const read = (keyOf: KeyOfId, ids: readonly string[]) => readByIds(this.client, this.tableName, customerId, keyOf, ids);
    const questions = input.questions;
    const [sites, shifts, departments, divisions, groups, checklistGroups, sensors, correctiveActions, information] = await Promise.all([
      read(siteKey, [input.siteId]),
      read(shiftKey, [input.shiftId]),
      read(departmentKey, input.departmentIds),
      read(divisionKey, input.divisionIds),
      read(notificationGroupKey, input.notificationGroupId === undefined ? [] : [input.notificationGroupId]),
      read(checklistGroupKey, input.groupId === undefined ? [] : [input.groupId]),
      read(sensorKey, sensorIdsOf(questions)),
      read(correctiveActionKey, correctiveActionIdsOf(questions)),
      read(informationItemKey, informationIdsOf(questions)),
    ]);
    const refuse = (field: string, message: string) => validationError(message, { [field]: message });
    const site = sites.get(input.siteId);
    if (site === undefined) throw unknownSite();
    if (input.locationIds.some((locationId) => !listOf(site, 'locationIds').includes(locationId))) throw refuse('locationIds', MESSAGES.checklistLocationNotOnSite);
    if (shifts.get(input.shiftId)?.['siteId'] !== input.siteId) throw refuse('shiftId', MESSAGES.checklistShiftUnknown);
    if (input.departmentIds.some((id) => !departments.has(id))) throw refuse('departmentIds', MESSAGES.unknownDepartment);
    if (input.divisionIds.some((id) => !divisions.has(id))) throw refuse('divisionIds', MESSAGES.unknownDivision);
    if (input.notificationGroupId !== undefined && groups.get(input.notificationGroupId)?.['groupType'] !== 'haccp') {
      throw refuse('notificationGroupId', MESSAGES.checklistNotificationGroupUnknown);
    }
    if (input.groupId !== undefined && !checklistGroups.has(input.groupId)) throw refuse('groupId', MESSAGES.checklistGroupNotFound);
    questions.forEach((question, index) => {
      const at = (field: string) => `questions.${index}.${field}`;
      if (question.sensorId !== undefined && !sensors.has(question.sensorId)) throw refuse(at('sensorId'), MESSAGES.questionSensorUnknown);
      if (question.dishwasherSensorId !== undefined && !sensors.has(question.dishwasherSensorId)) throw refuse(at('dishwasherSensorId'), MESSAGES.questionDishwasherSensorIdInvalid);
      if (question.correctiveActionIds.some((actionId) => !correctiveActions.has(actionId))) throw refuse(at('correctiveActionIds'), MESSAGES.questionCorrectiveActionUnknown);
      if (question.informationId !== undefined && !information.has(question.informationId)) throw refuse(at('informationId'), MESSAGES.questionInformationUnknown);
    });
  }

  /**
   * With its site reference, the organisation's place on the HACCP list the instances job reads
   * (a plain put: the organisation's first checklist adds it, later ones and copies write it again).
   */
  protected override alsoWrittenOnCreate(customerId: string, record: Checklist): GuardedItem[] {
    return [
      ...attachReference(this.tableName, customerId, { entity: ENTITY.site, id: record.siteId }, this.reference(record), unknownSite),
      plainPut(haccpOrganisationPut(this.tableName, customerId, record.createdAt)),
    ];
  }

  protected override alsoWrittenOnUpdate(customerId: string, before: Checklist, after: Checklist): GuardedItem[] {
    if (before.siteId !== after.siteId) {
      return [
        ...detachReference(this.tableName, customerId, { entity: ENTITY.site, id: before.siteId }, 'CHECKLIST', before.id),
        ...attachReference(this.tableName, customerId, { entity: ENTITY.site, id: after.siteId }, this.reference(after), unknownSite),
      ];
    }
    return before.name === after.name ? [] : [renameReference(this.tableName, customerId, { entity: ENTITY.site, id: after.siteId }, this.reference(after))];
  }

  protected override alsoWrittenOnDelete(customerId: string, before: Checklist): GuardedItem[] {
    return detachReference(this.tableName, customerId, { entity: ENTITY.site, id: before.siteId }, 'CHECKLIST', before.id);
  }

  private reference(checklist: Pick<Checklist, 'id' | 'name'>): Reference {
    return { kind: 'CHECKLIST', id: checklist.id, name: checklist.name };
  }
}
