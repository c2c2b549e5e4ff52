import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conflict, DomainError, forbidden, notFound, validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { isSensorReading, judgeAnswer, judgeSubmission, SENSOR_ANSWER_LOOKBACK_MS, SENSOR_ANSWER_SKEW_MS, type AnswerInput } from '@domain/haccp/answers';
import type { ChecklistAnswer, InstanceDetail, TodayInstance } from '@domain/haccp/filling';
import { instanceStateAt, isFinalState, localDateIn, type InstanceState } from '@domain/haccp/instance';
import type { Question } from '@domain/haccp/question';
import type { Role } from '@domain/identity/roles';
import {
  batchGet, queryAll, readingsForAlarms, readSite, runTransaction, sensorLiveStates, sensorStateKey, sitesByName, toSensorState, toSiteRecord, type AccountRecord,
} from '..';
import { toQuestion } from '../entities/checklist';
import { checklistAnswerKey, checklistAnswerPut, checklistAnswersOfInstance, toChecklistAnswer, type ChecklistAnswerRecord } from '../entities/checklist-answer';
import { checklistInstanceKey, checklistInstancesOfSiteDay, toChecklistInstance, type ChecklistInstanceRecord } from '../entities/checklist-instance';
import { correctiveActionKey, toCorrectiveAction } from '../entities/corrective-action';
import { informationItemKey, toInformationItemRecord } from '../entities/information-item';
import { maySeeSite, siteAccessOf, type SiteAccess } from '../../shared/access';
import { readAccess } from '../access';
import { raiseAnswerException } from './checklist-notices';
import type { Caller } from '../../shared/caller';

/** Who is filling: their account, the sites they reach, and their name for the record. */
export interface Filler {
  caller: Caller;
  account: AccountRecord | undefined;
  sites: SiteAccess;
  name: string;
}

/** An answer sent later than this after it was made on the device is still taken (offline for a long shift); answering times in the future are clamped to receipt. */
const FUTURE_SKEW_MS = 5 * 60_000;
/** A day of a sensor reporting every minute, the most often a sensor may (the Query's bound). */
const SENSOR_READINGS_A_DAY = 1_500;
const DAY_MS = 86_400_000;

const nameOf = (account: AccountRecord | undefined, caller: Caller): string => {
  const name = [account?.firstName, account?.lastName].filter((part) => typeof part === 'string' && part.trim() !== '').join(' ');
  return name === '' ? caller.email : name;
};

/** Roles that fill checklists whatever their account's HACCP flag says: administrators (the contract). */
const HACCP_WITHOUT_FLAG: readonly Role[] = ['admin'];

/**
 * The HACCP access check (issue 15 section 2): the caller's account has HACCP access
 * (`isHaccpAvailable`) or they are an administrator; refused with 403 otherwise. The sites they
 * reach come from the shared access layer.
 */
export async function readFiller(caller: Caller): Promise<Filler> {
  const { account, scope } = await readAccess(caller, caller.customerId);
  if (!HACCP_WITHOUT_FLAG.includes(caller.role) && account?.isHaccpAvailable !== true) throw forbidden(MESSAGES.haccpAccessRequired);
  return { caller, account, sites: siteAccessOf(scope), name: nameOf(account, caller) };
}

const timingOf = (instance: ChecklistInstanceRecord) => ({
  windowStart: new Date(instance.windowStart),
  windowEnd: new Date(instance.windowEnd),
  ...(instance.startedAt === undefined ? {} : { startedAt: new Date(instance.startedAt) }),
  ...(instance.completedAt === undefined ? {} : { completedAt: new Date(instance.completedAt) }),
});
export const stateOf = (instance: ChecklistInstanceRecord, now: Date): InstanceState => instanceStateAt(timingOf(instance), now);

/** Whether the instance is the filler's: on a site they reach, and (unless an administrator) of a schedule with no assignees or assigned to them. */
const isTheirs = (filler: Filler, instance: ChecklistInstanceRecord): boolean =>
  maySeeSite(filler.sites, instance.siteId)
  && (filler.caller.role === 'admin' || instance.assignedUserIds.length === 0 || instance.assignedUserIds.includes(filler.caller.accountId));

const summaryOf = (instance: ChecklistInstanceRecord, siteName: string, now: Date): TodayInstance => ({
  id: instance.id,
  checklistId: instance.checklistId,
  checklistName: instance.checklistName,
  siteId: instance.siteId,
  siteName,
  shiftName: instance.shiftName,
  scheduleName: instance.scheduleName,
  date: instance.date,
  windowStart: instance.windowStart,
  windowEnd: instance.windowEnd,
  ...(instance.remindAt === undefined ? {} : { remindAt: instance.remindAt }),
  state: stateOf(instance, now),
  answeredCount: instance.answeredQuestionIds.length,
  questionCount: instance.questionCount,
  exceptionCount: instance.exceptionCount,
});

const answerView = (record: ChecklistAnswerRecord): ChecklistAnswer => {
  const { answeredByAccountId: _accountId, oilLevel, ...rest } = record;
  return { ...rest, ...(oilLevel === 'ok' || oilLevel === 'warn' || oilLevel === 'replace' ? { oilLevel } : {}) };
};

const questionsOf = (instance: ChecklistInstanceRecord): Question[] =>
  instance.checklist.questions.filter((raw): raw is Record<string, unknown> => typeof raw === 'object' && raw !== null).map((raw) => toQuestion(raw));

export class ChecklistInstanceStore {
  constructor(private readonly client: DynamoDBDocumentClient, private readonly tableName: string, private readonly clock: () => Date = () => new Date()) {}

  private async readInstance(customerId: string, id: string): Promise<ChecklistInstanceRecord | undefined> {
    const result = await this.client.send(new GetCommand({ ...checklistInstanceKey(this.tableName, customerId, id), ConsistentRead: true }));
    return result.Item === undefined ? undefined : toChecklistInstance(result.Item);
  }

  /** The instance if it is the filler's; one that is not is as unknown as a missing one (404). */
  async instanceFor(filler: Filler, id: string): Promise<ChecklistInstanceRecord> {
    const instance = await this.readInstance(filler.caller.customerId, id);
    if (instance === undefined || !isTheirs(filler, instance)) throw notFound(MESSAGES.checklistInstanceNotFound);
    return instance;
  }

  /**
   * Today (issue 15 section 2): the filler's instances of each reachable site's local today,
   * and those of its yesterday still open (a night window, or overdue), by window start.
   */
  async today(filler: Filler): Promise<TodayInstance[]> {
    const { customerId } = filler.caller;
    const now = this.clock();
    const sites = (await queryAll(this.client, sitesByName(this.tableName, customerId), toSiteRecord))
      .filter((site) => maySeeSite(filler.sites, site.id));
    const perSite = await Promise.all(sites.map(async (site) => {
      const today = localDateIn(now, site.timezone);
      const yesterday = localDateIn(new Date(now.getTime() - DAY_MS), site.timezone);
      const [ofToday, ofYesterday] = await Promise.all([today, yesterday].map((date) =>
        queryAll(this.client, checklistInstancesOfSiteDay(this.tableName, customerId, site.id, date), toChecklistInstance)));
      const stillOpen = (ofYesterday ?? []).filter((instance) => !isFinalState(stateOf(instance, now)));
      return [...stillOpen, ...(ofToday ?? [])].filter((instance) => isTheirs(filler, instance)).map((instance) => summaryOf(instance, site.name, now));
    }));
    return perSite.flat().sort((a, b) => a.windowStart.localeCompare(b.windowStart) || a.checklistName.localeCompare(b.checklistName));
  }

  /** One instance with its checklist, answers so far, the information and corrective actions it names and its sensors' live readings. */
  async detail(filler: Filler, id: string): Promise<InstanceDetail> {
    const { customerId } = filler.caller;
    const instance = await this.instanceFor(filler, id);
    const questions = questionsOf(instance);
    const informationIds = [...new Set(questions.flatMap((question) => (question.informationId === undefined ? [] : [question.informationId])))];
    const actionIds = [...new Set(questions.flatMap((question) => question.correctiveActionIds))];
    const sensorIds = [...new Set(questions.flatMap((question) => [question.sensorId, question.dishwasherSensorId].filter((one): one is string => one !== undefined)))];
    const [site, answers, information, actions, states] = await Promise.all([
      readSite(this.client, this.tableName, customerId, instance.siteId),
      queryAll(this.client, { ...checklistAnswersOfInstance(this.tableName, customerId, id), ConsistentRead: true }, toChecklistAnswer),
      batchGet(this.client, this.tableName, informationIds.map((one) => informationItemKey(this.tableName, customerId, one).Key)),
      batchGet(this.client, this.tableName, actionIds.map((one) => correctiveActionKey(this.tableName, customerId, one).Key)),
      batchGet(this.client, this.tableName, sensorIds.map((one) => sensorStateKey(this.tableName, customerId, one).Key)),
    ]);
    const stored = new Map(sensorIds.map((sensorId) => {
      const item = states.find((one) => one['id'] === sensorId);
      return [sensorId, item === undefined ? undefined : toSensorState(item)] as const;
    }));
    const live = await sensorLiveStates(this.client, this.tableName, customerId, stored);
    const liveReadings: InstanceDetail['liveReadings'] = {};
    for (const [sensorId, state] of live) {
      // Channel 1 is a temperature sensor's temperature (a dishwasher sensor's wash), channel 2 a
      // dishwasher sensor's rinse; stored in degrees Celsius.
      const value = state?.reading?.['1'];
      const secondValue = state?.reading?.['2'];
      const at = state?.lastReadingAt;
      if (typeof value === 'number' && at !== undefined) {
        liveReadings[sensorId] = { value, ...(typeof secondValue === 'number' ? { secondValue } : {}), unit: '°C', at };
      }
    }
    return {
      ...summaryOf(instance, site?.name ?? '', this.clock()),
      checklistVersion: instance.checklistVersion,
      checklist: { ...instance.checklist, questions },
      ...(instance.startedAt === undefined ? {} : { startedAt: instance.startedAt }),
      ...(instance.completedAt === undefined ? {} : { completedAt: instance.completedAt }),
      ...(instance.completedLate === undefined ? {} : { completedLate: instance.completedLate }),
      ...(instance.submittedBy === undefined ? {} : { submittedBy: instance.submittedBy }),
      answers: answers.map(answerView),
      informationItems: information.map((item) => toInformationItemRecord(item)).map((record) => ({
        id: record.id, name: record.name, text: record.text,
        ...(record.fileName === undefined ? {} : { fileName: record.fileName }),
        ...(record.contentType === undefined ? {} : { contentType: record.contentType }),
      })),
      correctiveActions: actions.map((item) => toCorrectiveAction(item)).map((action) => ({
        id: action.id, name: action.name, ...(action.description ? { description: action.description } : {}),
      })),
      liveReadings,
    };
  }

  /**
   * A sensor temperature answer not typed in must be one of its sensor's readings (channel 1,
   * its temperature) of the day before the answer: one Query of the sensor's readings.
   */
  private async refuseUnlessSensorReading(customerId: string, question: Question, input: AnswerInput, answeredAt: number): Promise<void> {
    if (question.type !== 'sensorTemperature' || question.sensorId === undefined) return;
    if (input.manualReading || input.notApplicable || typeof input.value !== 'number') return;
    const readings = await readingsForAlarms(this.client, this.tableName, customerId, question.sensorId, {
      start: answeredAt - SENSOR_ANSWER_LOOKBACK_MS, end: answeredAt + SENSOR_ANSWER_SKEW_MS, limit: SENSOR_READINGS_A_DAY,
    });
    const temperatures = readings.flatMap((reading) => (typeof reading.channels['1'] === 'number' ? [{ time: reading.time, value: reading.channels['1'] }] : []));
    if (!isSensorReading(input.value, answeredAt, temperatures)) {
      throw validationError(MESSAGES.answerSensorReadingUnknown, { value: MESSAGES.answerSensorReadingUnknown });
    }
  }

  private refuseUnlessOpen(instance: ChecklistInstanceRecord, now: Date): void {
    if (instance.completedAt !== undefined) throw conflict(MESSAGES.checklistInstanceSubmitted);
    if (stateOf(instance, now) === 'missed') throw conflict(MESSAGES.checklistInstanceMissed);
  }

  /**
   * Stores one answer (the filling API's PUT). The same idempotency key again stores nothing
   * and answers with what is stored; an answer made before the stored one (an old offline
   * answer arriving late) does not replace it. The answer and the instance's answered and
   * exception sets are written in one transaction; the sets are added to and taken from, so
   * two people answering different questions never collide.
   */
  async answer(filler: Filler, instanceId: string, questionId: string, input: AnswerInput): Promise<ChecklistAnswer> {
    const { customerId } = filler.caller;
    const now = this.clock();
    const instance = await this.instanceFor(filler, instanceId);
    const before = await this.readAnswer(customerId, instanceId, questionId);
    if (before !== undefined && before.idempotencyKey === input.idempotencyKey) {
      // A replay: its exception is raised if the first call stopped before it did (raised once either way).
      await this.raiseException(customerId, instance, before, now);
      return answerView(before);
    }
    this.refuseUnlessOpen(instance, now);
    const question = questionsOf(instance).find((one) => one.id === questionId);
    if (question === undefined) throw notFound(MESSAGES.checklistQuestionNotFound);
    const judged = judgeAnswer(question, instance.checklist, input);
    if (!judged.ok) throw validationError(judged.refusal.message, { [judged.refusal.field]: judged.refusal.message });
    const answeredAt = Math.min(Date.parse(input.answeredAt), now.getTime() + FUTURE_SKEW_MS);
    await this.refuseUnlessSensorReading(customerId, question, input, answeredAt);

    const site = await readSite(this.client, this.tableName, customerId, instance.siteId);
    // Additional-field answers are kept only where the site says so (SPEC section 4 "Site").
    const additionalFields = site?.retainAdditionalFieldAnswers === true ? judged.answer.additionalFields : {};
    const record: ChecklistAnswerRecord = {
      instanceId, questionId, idempotencyKey: input.idempotencyKey,
      ...(input.notApplicable || input.value === undefined ? {} : { value: input.value }),
      notApplicable: input.notApplicable,
      manualReading: input.manualReading,
      ...(input.notApplicable || input.correctiveActionId === undefined ? {} : { correctiveActionId: input.correctiveActionId }),
      ...(input.notApplicable || !input.correctiveActionText ? {} : { correctiveActionText: input.correctiveActionText }),
      additionalFields,
      isException: judged.answer.isException,
      ...(judged.answer.oilLevel === undefined ? {} : { oilLevel: judged.answer.oilLevel }),
      answeredAt: new Date(answeredAt).toISOString(),
      receivedAt: now.toISOString(),
      answeredBy: filler.name,
      answeredByAccountId: filler.caller.accountId,
    };
    const put = checklistAnswerPut(this.tableName, customerId, record);
    const instanceKey = checklistInstanceKey(this.tableName, customerId, instanceId);
    const questionSet = new Set([questionId]);
    try {
      await runTransaction(this.client, [
        {
          item: {
            Put: {
              ...put,
              // New, or replacing an answer made no later than this one (never an old replay over a newer answer).
              ConditionExpression: 'attribute_not_exists(pk) OR (idempotencyKey <> :key AND answeredAt <= :answeredAt)',
              ExpressionAttributeValues: { ':key': record.idempotencyKey, ':answeredAt': record.answeredAt },
            },
          },
          onConditionFailed: () => conflict(MESSAGES.concurrentChange),
        },
        {
          item: {
            Update: {
              ...instanceKey,
              UpdateExpression: 'SET startedAt = if_not_exists(startedAt, :now), version = version + :one '
                + (record.isException
                  ? 'ADD answeredQuestionIds :question, exceptionQuestionIds :question'
                  : 'ADD answeredQuestionIds :question DELETE exceptionQuestionIds :question'),
              ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(completedAt)',
              ExpressionAttributeValues: { ':now': now.toISOString(), ':one': 1, ':question': questionSet },
            },
          },
          onConditionFailed: () => conflict(MESSAGES.checklistInstanceSubmitted),
        },
      ]);
    } catch (error) {
      if (!(error instanceof DomainError) || error.message !== MESSAGES.concurrentChange) throw error;
      // The same answer stored meanwhile (a replay racing itself), or a newer one: answer with what is stored.
      const stored = await this.readAnswer(customerId, instanceId, questionId);
      if (stored === undefined) throw error;
      return answerView(stored);
    }
    await this.raiseException(customerId, instance, record, now);
    return answerView(record);
  }

  /**
   * An out-of-limits answer notifies the instance's HACCP notification group as an alarm would
   * (issue 15 section 3): its exception is raised once per question of the instance (fixed id).
   */
  private async raiseException(customerId: string, instance: ChecklistInstanceRecord, answer: ChecklistAnswerRecord, now: Date): Promise<void> {
    if (!answer.isException) return;
    const question = questionsOf(instance).find((one) => one.id === answer.questionId);
    await raiseAnswerException(this.client, this.tableName, customerId, instance, { id: answer.questionId, text: question?.text ?? '' }, answer.answeredAt, now);
  }

  private async readAnswer(customerId: string, instanceId: string, questionId: string): Promise<ChecklistAnswerRecord | undefined> {
    const result = await this.client.send(new GetCommand({ ...checklistAnswerKey(this.tableName, customerId, instanceId, questionId), ConsistentRead: true }));
    return result.Item === undefined ? undefined : toChecklistAnswer(result.Item);
  }

  /**
   * Submits the instance (the filling API's POST submit): refused unless every required
   * question is answered or the checklist allows partial upload; completed late when after
   * the window; the submitter's name and time on the record. The same idempotency key again
   * answers with the submitted instance.
   */
  async submit(filler: Filler, instanceId: string, idempotencyKey: string): Promise<InstanceDetail> {
    const { customerId } = filler.caller;
    const now = this.clock();
    const instance = await this.instanceFor(filler, instanceId);
    if (instance.completedAt !== undefined && instance.submissionKey === idempotencyKey) return this.detail(filler, instanceId);
    this.refuseUnlessOpen(instance, now);
    const refusal = judgeSubmission(questionsOf(instance), new Set(instance.answeredQuestionIds), instance.checklist.allowPartialUpload);
    if (refusal !== undefined) throw validationError(refusal.message, { [refusal.field]: refusal.message });
    const completedLate = now.getTime() > Date.parse(instance.windowEnd);
    try {
      await this.client.send(new UpdateCommand({
        ...checklistInstanceKey(this.tableName, customerId, instanceId),
        UpdateExpression: 'SET completedAt = :now, completedLate = :late, submittedBy = :name, submittedByAccountId = :account, submissionKey = :key, '
          + 'exceptionCount = :exceptions, startedAt = if_not_exists(startedAt, :now), version = version + :one',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(completedAt)',
        ExpressionAttributeValues: {
          ':now': now.toISOString(), ':late': completedLate, ':name': filler.name, ':account': filler.caller.accountId,
          ':key': idempotencyKey, ':exceptions': instance.exceptionQuestionIds.length, ':one': 1,
        },
      }));
    } catch (error) {
      if (error instanceof Error && error.name === 'ConditionalCheckFailedException') {
        const after = await this.readInstance(customerId, instanceId);
        if (after?.submissionKey === idempotencyKey) return this.detail(filler, instanceId);
        throw conflict(MESSAGES.checklistInstanceSubmitted);
      }
      throw error;
    }
    return this.detail(filler, instanceId);
  }
}
