import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import type { Question, QuestionTemplate } from '@domain/haccp/question';
import {
  NamedRecordStore,
  questionTemplateKey,
  questionTemplatePut,
  questionTemplatesByName,
  readByIds,
  sensorKey,
  toQuestionTemplate,
  ENTITY,
  correctiveActionKey,
  informationItemKey,
} from '..';

/** A Question List entry's own fields: the question without its id, named by its text. */
export type QuestionTemplateFields = Omit<Question, 'id'> & { name: string };

/**
 * The Question List on the single table (docs/data-model.md "HACCP checklists"; the entity is
 * lambdas/data/entities/question-template.ts): reusable questions, named, versioned, audited.
 */
export class QuestionTemplateStore extends NamedRecordStore<QuestionTemplate, QuestionTemplateFields> {
  constructor(client: DynamoDBDocumentClient, tableName: string, clock: () => Date = () => new Date()) {
    super(client, tableName, clock, {
      entityType: ENTITY.questionTemplate,
      put: questionTemplatePut,
      key: questionTemplateKey,
      byName: questionTemplatesByName,
      decode: toQuestionTemplate,
      messages: { notFound: MESSAGES.questionTemplateNotFound, nameTaken: MESSAGES.questionTemplateNameTaken },
    });
  }

  /** The sensors, corrective actions and information item a question names must be the organisation's. */
  protected override async checkInput(customerId: string, input: QuestionTemplateFields): Promise<void> {
    const sensorIds = [input.sensorId, input.dishwasherSensorId].filter((id): id is string => id !== undefined);
    const [sensors, correctiveActions, information] = await Promise.all([
      readByIds(this.client, this.tableName, customerId, sensorKey, sensorIds),
      readByIds(this.client, this.tableName, customerId, correctiveActionKey, input.correctiveActionIds),
      readByIds(this.client, this.tableName, customerId, informationItemKey, input.informationId === undefined ? [] : [input.informationId]),
    ]);
    const refuse = (field: string, message: string) => validationError(message, { [field]: message });
    if (input.sensorId !== undefined && !sensors.has(input.sensorId)) throw refuse('sensorId', MESSAGES.questionSensorUnknown);
    if (input.dishwasherSensorId !== undefined && !sensors.has(input.dishwasherSensorId)) throw refuse('dishwasherSensorId', MESSAGES.questionDishwasherSensorIdInvalid);
    if (input.correctiveActionIds.some((id) => !correctiveActions.has(id))) throw refuse('correctiveActionIds', MESSAGES.questionCorrectiveActionUnknown);
    if (input.informationId !== undefined && !information.has(input.informationId)) throw refuse('informationId', MESSAGES.questionInformationUnknown);
  }
}
