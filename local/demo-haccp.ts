import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DomainError } from '@domain/core/errors';
import { judgeAnswer, type AnswerValue } from '@domain/haccp/answers';
import { checklistFieldsOf, checklistInputSchema, type Checklist, type ChecklistInput } from '@domain/haccp/checklist';
import { correctiveActionInputSchema } from '@domain/haccp/corrective-action';
import { informationItemInputSchema } from '@domain/haccp/information';
import { localDateIn, missedAt } from '@domain/haccp/instance';
import { YES_NO_OPTIONS, type Question } from '@domain/haccp/question';
import { shiftInputSchema, type Shift, type ShiftInput } from '@domain/haccp/shift';
import { ChecklistGroupStore } from '../lambdas/data/repositories/checklist-groups';
import { ChecklistStore } from '../lambdas/data/repositories/checklists';
import { CorrectiveActionStore } from '../lambdas/data/repositories/corrective-actions';
import { checklistAnswerPut, checklistInstanceId, checklistInstancePut, seedMarkerKey, sensorKey, siteKey } from '../lambdas/data';
import { InformationItemStore } from '../lambdas/data/repositories/information-items';
import type { Caller } from '../lambdas/shared/caller';
import { dynamoDocumentClient } from '../lambdas/data/client';
import { ShiftStore } from '../lambdas/data/repositories/shifts';
import { putSeedItem, putSeedItemOnce, seedItemExists } from '../lambdas/data/seed-writes';
import { DEMO_ORGANISATION, DEMO_USERS } from './demo';
import { rewriteInstanceSiteKeys } from '../lambdas/data/instance-site-keys';

/**
 * The demo's HACCP (issue 15 section 4): a morning and an evening shift on the Main Kitchen
 * (where the walk-in cooler's sensor is), the opening, closing and fryer oil checklists in one
 * group, standard corrective actions and the oil's information item, and a week of filled
 * checklists (on time, late, missed, one answer out of limits with its corrective action), so
 * the HACCP pages and the dashboard have something to show on first sign-in.
 *
 * Every record has a fixed id: the building records go through their own stores (name markers,
 * site references, audit entries, the organisation's HACCP registration, as an administrator's
 * would), the week's instances and answers are the data layer's puts (as the schedule job and
 * the filling API write them). A marker records the seed, so what people change afterwards is
 * not put back; a data folder seeded before HACCP existed gets it once at its next start.
 */

const { customerId, site, location } = DEMO_ORGANISATION;
const TIME_ZONE = site.timezone;
const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
/** The walk-in cooler's sensor (local/demo-devices.ts), which the fridge questions read. */
export const DEMO_COOLER_SENSOR_ID = 'DF000101';
/** How far back the filled checklists go. */
export const DEMO_HACCP_HISTORY_DAYS = 7;

const SEED_CALLER: Caller = {
  userId: 'seed', email: 'seed', role: 'admin', customerId, accountId: 'seed',
  customerGroupId: DEMO_ORGANISATION.customerGroupId, isPortalLogin: false, tokenId: 'seed',
};
/** Who filled the week's checklists: the demo's basic user, a kitchen hand. */
const FILLER = DEMO_USERS.find((user) => user.role === 'basicuser') ?? DEMO_USERS[0];

export const DEMO_CORRECTIVE_ACTIONS = [
  { id: 'demo-ca-move-stock', name: 'Moved stock to another fridge', description: 'Chilled food moved to a fridge holding 0-5 °C; the unit reported for repair.' },
  { id: 'demo-ca-thermostat', name: 'Adjusted the thermostat', description: 'Thermostat turned down and the temperature checked again after 30 minutes.' },
  { id: 'demo-ca-cook-longer', name: 'Cooked longer and probed again', description: 'Cooking continued until the core reached 75 °C; discarded if it could not.' },
  { id: 'demo-ca-clean-again', name: 'Cleaned and sanitised again', description: 'Surfaces washed, sanitised and checked by the shift lead.' },
  { id: 'demo-ca-oil-changed', name: 'Changed the fryer oil', description: 'Oil drained, fryer cleaned and filled with fresh oil.' },
] as const;

export const DEMO_INFORMATION_ITEM = {
  id: 'demo-info-fryer-oil',
  name: 'Fryer oil quality',
  text: 'Measure total polar material (TPM) with the oil tester at frying temperature. Up to 19 %: fine. From 20 %: plan an oil change. From 24 %: the oil must be changed before more frying.',
} as const;

export const DEMO_CHECKLIST_GROUP = { id: 'demo-cg-daily', name: 'Daily kitchen checks' } as const;

export const DEMO_SHIFTS = [
  { id: 'demo-shift-morning', name: 'Morning', scheduleId: 'demo-schedule-morning', startTime: '06:00', endTime: '11:00', remindAt: '10:30' },
  { id: 'demo-shift-evening', name: 'Evening', scheduleId: 'demo-schedule-evening', startTime: '17:00', endTime: '23:00', remindAt: '22:30' },
] as const;
const [MORNING, EVENING] = DEMO_SHIFTS;

const question = (fields: Partial<Question> & Pick<Question, 'id' | 'text' | 'type'>): Question => ({
  options: [], correctiveActionIds: [], additionalFields: [], required: true, ...fields,
});
const yesNo = (id: string, text: string, correctiveActionIds: string[]) =>
  question({ id, text, type: 'yesNo', options: YES_NO_OPTIONS.map((option) => ({ ...option })), correctiveActionIds });

export interface DemoChecklist {
  id: string;
  name: string;
  description: string;
  shiftId: string;
  questions: Question[];
}

export const DEMO_CHECKLISTS: readonly DemoChecklist[] = [
  {
    id: 'demo-checklist-opening', name: 'Opening checks', description: 'Before service: fridges, cooked food, surfaces.', shiftId: MORNING.id,
    questions: [
      question({
        id: 'demo-q-opening-cooler', text: 'Walk-in cooler temperature', type: 'sensorTemperature', sensorId: DEMO_COOLER_SENSOR_ID, min: 0, max: 5,
        correctiveActionIds: ['demo-ca-move-stock', 'demo-ca-thermostat'],
      }),
      question({ id: 'demo-q-opening-probe', text: 'Cooked chicken core temperature', type: 'probeTemperature', min: 75, max: 100, correctiveActionIds: ['demo-ca-cook-longer'] }),
      yesNo('demo-q-opening-surfaces', 'Prep surfaces cleaned and sanitised?', ['demo-ca-clean-again']),
      question({ id: 'demo-q-opening-photo', text: 'Photo of the prep area', type: 'photo', required: false }),
    ],
  },
  {
    id: 'demo-checklist-closing', name: 'Closing checks', description: 'After service: fridges shut, kitchen clean.', shiftId: EVENING.id,
    questions: [
      question({
        id: 'demo-q-closing-cooler', text: 'Walk-in cooler temperature', type: 'sensorTemperature', sensorId: DEMO_COOLER_SENSOR_ID, min: 0, max: 5,
        correctiveActionIds: ['demo-ca-move-stock', 'demo-ca-thermostat'],
      }),
      yesNo('demo-q-closing-door', 'Walk-in cooler door closed and sealing?', []),
      yesNo('demo-q-closing-floor', 'Floors cleaned and bins emptied?', ['demo-ca-clean-again']),
    ],
  },
  {
    id: 'demo-checklist-fryer', name: 'Fryer oil check', description: 'Oil quality at the end of frying.', shiftId: EVENING.id,
    questions: [
      question({
        id: 'demo-q-fryer-oil', text: 'Fryer oil polar material (%)', type: 'oilQuality', warnAt: 20, replaceAt: 24,
        informationId: DEMO_INFORMATION_ITEM.id, correctiveActionIds: ['demo-ca-oil-changed'],
      }),
    ],
  },
];

const PHOTO = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** How a past occurrence was filled: on time, late, or not at all, and its answers' values (by question id). */
interface DemoFilling {
  outcome: 'onTime' | 'late' | 'missed';
  values: Record<string, AnswerValue>;
  correctiveActionId?: string;
}

/**
 * The week's story, by checklist and days ago (0 = earlier today, 1 = yesterday): mostly on time, one late and one
 * missed each; the cooler too warm one opening (moved stock), the oil to watch and then changed.
 */
function demoFilling(checklistId: string, daysAgo: number): DemoFilling {
  const late = daysAgo === (checklistId === 'demo-checklist-opening' ? 4 : 3);
  const missed = daysAgo === (checklistId === 'demo-checklist-fryer' ? 6 : 2);
  const outcome = missed ? 'missed' : late ? 'late' : 'onTime';
  switch (checklistId) {
    case 'demo-checklist-opening': {
      const warm = daysAgo === 3;
      return {
        outcome,
        values: {
          'demo-q-opening-cooler': warm ? 7.4 : 3 + (daysAgo % 3) * 0.4,
          'demo-q-opening-probe': 78 + daysAgo,
          'demo-q-opening-surfaces': 'yes',
          'demo-q-opening-photo': PHOTO,
        },
        ...(warm ? { correctiveActionId: 'demo-ca-move-stock' } : {}),
      };
    }
    case 'demo-checklist-closing':
      return { outcome, values: { 'demo-q-closing-cooler': 2.6 + (daysAgo % 2) * 0.5, 'demo-q-closing-door': 'yes', 'demo-q-closing-floor': 'yes' } };
    default: {
      // Polar material climbs with frying days until the oil is changed.
      const oil = [17, 21, 18, 16, 24.5, 22, 19, 17][daysAgo] ?? 15;
      return { outcome, values: { 'demo-q-fryer-oil': oil }, ...(oil >= 24 ? { correctiveActionId: 'demo-ca-oil-changed' } : {}) };
    }
  }
}

/** The fields a store creates from, with the demo's fixed id (not part of the input's type: NamedRecordStore.create keeps it). */
const withFixedId = <T extends object>(id: string, fields: T): T => ({ id, ...fields });

/** A store's record by its fixed id, or undefined. */
async function existing<R>(get: () => Promise<R>): Promise<R | undefined> {
  try {
    return await get();
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not-found') return undefined;
    throw error;
  }
}

/**
 * Seeds the demo's HACCP once (see above). Each record is added only when missing, so a start
 * interrupted halfway finishes at the next one. Returns whether it seeded.
 */
export async function seedDemoHaccp(
  documents: DynamoDBDocumentClient,
  tableName: string,
  options: { now?: Date; writer?: DynamoDBDocumentClient } = {},
): Promise<boolean> {
  const now = options.now ?? new Date();
  // A data folder from before the instances' bySite index: their gsi1 keys rewritten (once; a Query an organisation after).
  await rewriteInstanceSiteKeys(documents, tableName);
  if (await seedItemExists(documents, { TableName: tableName, Key: seedMarkerKey(customerId, 'HACCP') })) return false;
  // Someone removed the demo site or the cooler's sensor: the checklists would have nothing to name.
  if (!await seedItemExists(documents, siteKey(tableName, customerId, site.id))) return false;
  if (!await seedItemExists(documents, sensorKey(tableName, customerId, DEMO_COOLER_SENSOR_ID))) return false;
  const writer = options.writer ?? dynamoDocumentClient();
  const clock = () => now;

  // A store gives a new record a new id unless its input names one (NamedRecordStore.create
  // spreads the input over it): the demo's ids stay fixed, so the seed finds its records again.
  const actions = new CorrectiveActionStore(writer, tableName, clock);
  for (const { id, ...form } of DEMO_CORRECTIVE_ACTIONS) {
    if (!await existing(() => actions.get(customerId, id))) await actions.create(SEED_CALLER, customerId, withFixedId(id, correctiveActionInputSchema.parse(form)));
  }
  const information = new InformationItemStore(writer, tableName, clock);
  const { id: informationId, ...informationForm } = DEMO_INFORMATION_ITEM;
  if (!await existing(() => information.get(customerId, informationId))) {
    await information.create(SEED_CALLER, customerId, withFixedId(informationId, informationItemInputSchema.parse(informationForm)));
  }
  const groups = new ChecklistGroupStore(writer, tableName, clock);
  if (!await existing(() => groups.get(customerId, DEMO_CHECKLIST_GROUP.id))) await groups.create(SEED_CALLER, customerId, withFixedId(DEMO_CHECKLIST_GROUP.id, { name: DEMO_CHECKLIST_GROUP.name, order: 1 }));

  const shifts = new ShiftStore(writer, tableName, clock);
  const shiftRecords = new Map<string, Shift>();
  for (const demo of DEMO_SHIFTS) {
    const input: ShiftInput = {
      name: demo.name, siteId: site.id, locationId: location.id, shiftType: 'custom',
      schedules: [{
        id: demo.scheduleId, name: 'Every day', days: [0, 1, 2, 3, 4, 5, 6], startDate: '2026-01-01',
        startTime: demo.startTime, endTime: demo.endTime, remindAt: demo.remindAt, recurrence: { frequency: 'daily', interval: 1 }, assignedUserIds: [],
      }],
    };
    const parsed = shiftInputSchema.parse(input);
    const record = await existing(() => shifts.get(customerId, demo.id))
      ?? await shifts.create(SEED_CALLER, customerId, withFixedId(demo.id, { ...parsed, schedules: parsed.schedules.map((schedule) => ({ ...schedule, id: demo.scheduleId })) }));
    shiftRecords.set(demo.id, record);
  }

  const checklists = new ChecklistStore(writer, tableName, clock);
  const checklistRecords: Checklist[] = [];
  for (const demo of DEMO_CHECKLISTS) {
    const input: ChecklistInput = {
      name: demo.name, groupId: DEMO_CHECKLIST_GROUP.id, description: demo.description, siteId: site.id, locationIds: [location.id], shiftId: demo.shiftId,
      // A reading may be typed in when the sensor is silent; N/A is not an answer in this kitchen.
      allowPartialUpload: false, allowManualReadings: true, allowNotApplicable: false, scheduleType: 'custom', questions: demo.questions,
    };
    const fields = checklistFieldsOf(checklistInputSchema.parse(input), () => {
      throw new Error(`The demo checklist ${demo.id} gives every id`);
    });
    checklistRecords.push(await existing(() => checklists.get(customerId, demo.id)) ?? await checklists.create(SEED_CALLER, customerId, withFixedId(demo.id, fields)));
  }

  // Today's and tomorrow's are the hourly job's (checklist-instances-ahead), as for any organisation.
  await seedDemoHistory(writer, tableName, checklistRecords, shiftRecords, now);

  // Two starts seeding at once: both wrote the same fixed records; the first marker stands.
  await putSeedItemOnce(documents, { TableName: tableName, Item: { ...seedMarkerKey(customerId, 'HACCP'), seededAt: now.toISOString() } });
  return true;
}

/** The UTC time of a local date and time on the site (the offset read at that time: right across daylight saving). */
function siteTime(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(year, month - 1, day, hours, minutes);
  const offsetAt = (at: number) => {
    const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', {
      timeZone: TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
    }).formatToParts(new Date(at)).map((part) => [part.type, Number(part.value)]));
    return Date.UTC(parts['year'] ?? 0, (parts['month'] ?? 1) - 1, parts['day'] ?? 1, parts['hour'] ?? 0, parts['minute'] ?? 0) - at;
  };
  const guess = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(guess));
}

/**
 * The instances of a demo checklist's every-day shift whose windows lie between `from` and
 * `to`, as the schedule job (lambdas/data/checklist-instances-ahead.ts) makes them, with its ids.
 * Worked out here for the demo's daily schedules: the job's recurrence module (rrule) does not
 * load under Node's own ES modules, which `npm start` runs the seed in.
 */
function dailyOccurrences(checklist: Checklist, shift: Shift, from: Date, to: Date) {
  return shift.schedules.flatMap((schedule) => {
    const dates: string[] = [];
    for (let at = from.getTime(); at <= to.getTime() + DAY_MS; at += DAY_MS) dates.push(localDateIn(new Date(at), TIME_ZONE));
    return [...new Set(dates)].map((date) => {
      const start = siteTime(date, schedule.startTime);
      const end = siteTime(date, schedule.endTime);
      return {
        id: checklistInstanceId(checklist.id, schedule.id, date),
        checklistId: checklist.id, checklistVersion: checklist.version, checklistName: checklist.name,
        checklist: {
          name: checklist.name, description: checklist.description, questions: checklist.questions,
          allowPartialUpload: checklist.allowPartialUpload, allowManualReadings: checklist.allowManualReadings, allowNotApplicable: checklist.allowNotApplicable,
        },
        siteId: checklist.siteId, shiftId: shift.id, shiftName: shift.name, scheduleId: schedule.id, scheduleName: schedule.name,
        assignedUserIds: schedule.assignedUserIds, date,
        windowStart: start.toISOString(), windowEnd: end.toISOString(),
        ...(schedule.remindAt === undefined ? {} : { remindAt: siteTime(date, schedule.remindAt).toISOString() }),
        missedAt: missedAt({ windowEnd: end }).toISOString(),
        questionCount: checklist.questions.length, version: 1,
      };
    }).filter((instance) => Date.parse(instance.windowEnd) > from.getTime() && Date.parse(instance.windowStart) < to.getTime());
  });
}

/**
 * The week's filled checklists: every occurrence of the last DEMO_HACCP_HISTORY_DAYS whose
 * grace period is over (a final state), with its answers, each judged by the answer rules as
 * the filling API would (an out-of-limits one carries its corrective action).
 */
async function seedDemoHistory(
  writer: DynamoDBDocumentClient,
  tableName: string,
  checklists: readonly Checklist[],
  shifts: ReadonlyMap<string, Shift>,
  now: Date,
): Promise<void> {
  const from = new Date(now.getTime() - DEMO_HACCP_HISTORY_DAYS * DAY_MS);
  const answeredBy = `${FILLER?.givenName ?? ''} ${FILLER?.familyName ?? ''}`.trim();
  const answeredByAccountId = FILLER?.accountId ?? 'seed';
  const today = localDateIn(now, TIME_ZONE);
  for (const checklist of checklists) {
    const shift = shifts.get(checklist.shiftId);
    if (shift === undefined) continue;
    const past = dailyOccurrences(checklist, shift, from, now)
      .filter((instance) => missedAt({ windowEnd: new Date(instance.windowEnd) }).getTime() <= now.getTime());
    for (const instance of past) {
      const windowStart = Date.parse(instance.windowStart);
      const windowEnd = Date.parse(instance.windowEnd);
      // Whole days between the occurrence's local date and today's on the site (0: earlier today).
      const daysAgo = Math.round((Date.parse(today) - Date.parse(instance.date)) / DAY_MS);
      const filling = demoFilling(checklist.id, daysAgo);
      const createdAt = new Date(windowStart - 36 * 60 * MINUTE_MS).toISOString();
      if (filling.outcome === 'missed') {
        await putSeedItem(writer, checklistInstancePut(tableName, customerId, { ...instance, createdAt }));
        continue;
      }
      const startedAt = filling.outcome === 'late' ? windowEnd + 10 * MINUTE_MS : windowStart + 25 * MINUTE_MS;
      const answers = checklist.questions.flatMap((question, index) => {
        const value = filling.values[question.id];
        if (value === undefined) return [];
        const judged = judgeAnswer(question, checklist, {
          value, notApplicable: false, manualReading: false, additionalFields: {},
          ...(filling.correctiveActionId !== undefined && question.correctiveActionIds.includes(filling.correctiveActionId) ? { correctiveActionId: filling.correctiveActionId } : {}),
        });
        if (!judged.ok) throw new Error(`The demo's answer to ${question.id} is refused: ${judged.refusal.message}`);
        const answeredAt = new Date(startedAt + index * 2 * MINUTE_MS).toISOString();
        return [{
          instanceId: instance.id, questionId: question.id, idempotencyKey: `demo-${instance.id}-${question.id}`, value,
          notApplicable: false, manualReading: false,
          ...(judged.answer.isException && filling.correctiveActionId !== undefined ? { correctiveActionId: filling.correctiveActionId } : {}),
          additionalFields: judged.answer.additionalFields, isException: judged.answer.isException,
          ...(judged.answer.oilLevel === undefined ? {} : { oilLevel: judged.answer.oilLevel }),
          answeredAt, receivedAt: answeredAt, answeredBy, answeredByAccountId,
        }];
      });
      const exceptionQuestionIds = answers.filter((answer) => answer.isException).map((answer) => answer.questionId);
      const completedAt = new Date(startedAt + (answers.length * 2 + 1) * MINUTE_MS).toISOString();
      // The filled state as the filling API leaves it; the answer sets are DynamoDB string sets (its
      // updates ADD to them), which the entity's put would not write as such.
      const put = checklistInstancePut(tableName, customerId, { ...instance, createdAt });
      await putSeedItem(writer, {
        ...put,
        Item: {
          ...put.Item,
          answeredQuestionIds: new Set(answers.map((answer) => answer.questionId)),
          // DynamoDB keeps no empty set: an instance without exceptions has none.
          ...(exceptionQuestionIds.length === 0 ? {} : { exceptionQuestionIds: new Set(exceptionQuestionIds) }),
          startedAt: new Date(startedAt).toISOString(), completedAt, completedLate: filling.outcome === 'late',
          submittedBy: answeredBy, submittedByAccountId: answeredByAccountId, submissionKey: `demo-submit-${instance.id}`,
          exceptionCount: exceptionQuestionIds.length,
        },
      });
      for (const answer of answers) await putSeedItem(writer, checklistAnswerPut(tableName, customerId, answer));
    }
  }
}
