import { describe, expect, it } from 'vitest';
import type { Question } from '../haccp/question';
import { REPORT_CATALOGUE } from './catalogue';
import { answerImageReference, buildChecklistReport, parseAnswerImageReference, type ChecklistReportAnswer, type ChecklistReportInput, type ChecklistReportInstance } from './checklist-report';

/**
 * A known day: 8 March 2026 in New York, the day the clocks go forward (EDT, UTC-4, from 03:00
 * local). Opening checks submitted within their window (09:00-10:00 EDT); closing checks
 * submitted at 20:15 EDT (00:15Z on the 9th) after a 18:00-19:00 EDT window: late, and still
 * the 8th's occurrence.
 */
const DAY = '2026-03-08';
const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const SITE = { id: 'site-ny', name: 'Brooklyn kitchen' };
const PHOTO = 'data:image/jpeg;base64,AAAA';
const SIGNATURE = 'data:image/png;base64,BBBB';

const question = (id: string, type: Question['type'], text: string, options: Question['options'] = []): Question => ({
  id, text, type, options, correctiveActionIds: [], additionalFields: [], required: true,
});

const OPENING_QUESTIONS: Question[] = [
  question('q-floor', 'yesNo', 'Floors clean?', [{ id: 'yes', name: 'Yes', isException: false }, { id: 'no', name: 'No', isException: true }]),
  question('q-chicken', 'probeTemperature', 'Chicken core temperature'),
  question('q-allergens', 'multipleChoice', 'Allergens labelled', [
    { id: 'nuts', name: 'Nuts', isException: false }, { id: 'gluten', name: 'Gluten', isException: false }, { id: 'dairy', name: 'Dairy', isException: false },
  ]),
  question('q-photo', 'photo', 'Delivery photo'),
  question('q-signature', 'signature', 'Manager signature'),
  question('q-notes', 'text', 'Notes'),
  question('q-remarks', 'text', 'Remarks'),
  question('q-seal', 'singleChoice', 'Fridge door seal', [{ id: 'ok', name: 'Intact', isException: false }, { id: 'torn', name: 'Torn', isException: true }]),
];

const answer = (questionId: string, value: unknown, extra: Partial<ChecklistReportAnswer> = {}): ChecklistReportAnswer => ({
  questionId, value, notApplicable: false, isException: false, ...extra,
});

function instance(id: string, extra: Partial<ChecklistReportInstance>): ChecklistReportInstance {
  return {
    id, siteId: SITE.id, checklistId: 'list-open', checklistName: 'Opening checks', shiftName: 'Morning', date: DAY,
    windowStart: '2026-03-08T13:00:00.000Z', windowEnd: '2026-03-08T14:00:00.000Z', questions: OPENING_QUESTIONS, ...extra,
  };
}

const instances: ChecklistReportInstance[] = [
  instance('closing', {
    checklistId: 'list-close', checklistName: 'Closing checks', shiftName: 'Evening', windowStart: '2026-03-08T22:00:00.000Z', windowEnd: '2026-03-08T23:00:00.000Z',
    startedAt: '2026-03-09T00:00:00.000Z', completedAt: '2026-03-09T00:15:00.000Z', submittedBy: 'Bob Smith', questions: [question('q-bins', 'yesNo', 'Bins emptied?', [{ id: 'yes', name: 'Yes', isException: false }])],
  }),
  instance('opening', { startedAt: '2026-03-08T13:10:00.000Z', completedAt: '2026-03-08T13:45:00.000Z', submittedBy: 'Ana Lopez' }),
  // Not submitted, the next day's, another site's: not in the report.
  instance('open', {}),
  instance('next-day', { date: '2026-03-09', completedAt: '2026-03-09T13:45:00.000Z' }),
  instance('elsewhere', { siteId: 'site-other', completedAt: '2026-03-08T13:45:00.000Z' }),
];

const answers = new Map<string, ChecklistReportAnswer[]>([
  ['opening', [
    answer('q-floor', 'no', { isException: true, correctiveActionId: 'action-clean' }),
    answer('q-chicken', 74.5),
    answer('q-allergens', ['nuts', 'dairy']),
    answer('q-photo', PHOTO),
    answer('q-signature', SIGNATURE),
    answer('q-notes', undefined, { notApplicable: true }),
    // q-remarks was left unanswered (partial upload).
    answer('q-seal', 'torn', { isException: true, correctiveActionId: 'action-clean', correctiveActionText: 'Seal replaced' }),
  ]],
  ['closing', [answer('q-bins', 'yes')]],
]);

const input = (parameters: Partial<ChecklistReportInput['parameters']> = {}): ChecklistReportInput => ({
  parameters: { from: DAY, to: DAY, imagePreference: 'thumbnail', ...parameters },
  sites: [SITE], instances, answers, correctiveActionNames: new Map([['action-clean', 'Cleaned again']]), now: NOW,
});

describe('Checklist Report figures (issue 34 section 2.2)', () => {
  it('lists the day\'s completed checklists by completion time: who, when, on time or late', () => {
    expect(buildChecklistReport(input()).instances).toEqual([
      { site: SITE.name, checklist: 'Opening checks', shift: 'Morning', completedBy: 'Ana Lopez', completedAt: '2026-03-08T13:45:00.000Z', status: 'completedOnTime' },
      { site: SITE.name, checklist: 'Closing checks', shift: 'Evening', completedBy: 'Bob Smith', completedAt: '2026-03-09T00:15:00.000Z', status: 'completedLate' },
    ]);
  });

  it('gives each question\'s answer as read, its exception and corrective action, the photo and signature by reference', () => {
    const photo = answerImageReference('opening', 'q-photo');
    const signature = answerImageReference('opening', 'q-signature');
    expect(photo).not.toContain(PHOTO);
    const none = { exception: false, correctiveAction: null, photo: null, signature: null };
    expect(buildChecklistReport(input()).answers).toEqual([
      { checklist: 'Opening checks', question: 'Floors clean?', answer: 'No', exception: true, correctiveAction: 'Cleaned again', photo: null, signature: null },
      { checklist: 'Opening checks', question: 'Chicken core temperature', answer: 74.5, ...none },
      { checklist: 'Opening checks', question: 'Allergens labelled', answer: 'Nuts, Dairy', ...none },
      { checklist: 'Opening checks', question: 'Delivery photo', answer: null, ...none, photo },
      { checklist: 'Opening checks', question: 'Manager signature', answer: null, ...none, signature },
      { checklist: 'Opening checks', question: 'Notes', answer: null, ...none },
      { checklist: 'Opening checks', question: 'Remarks', answer: null, exception: null, correctiveAction: null, photo: null, signature: null },
      { checklist: 'Opening checks', question: 'Fridge door seal', answer: 'Torn', exception: true, correctiveAction: 'Seal replaced', photo: null, signature: null },
      { checklist: 'Closing checks', question: 'Bins emptied?', answer: 'Yes', ...none },
    ]);
  });

  it('hands over no image with the image preference "none"', () => {
    const rows = buildChecklistReport(input({ imagePreference: 'none' })).answers;
    expect(rows.some((row) => row.photo !== null || row.signature !== null)).toBe(false);
    expect(buildChecklistReport(input({ imagePreference: 'enlarged' })).answers.filter((row) => row.photo !== null)).toHaveLength(1);
  });

  it('reads an image reference back as its instance and question, and nothing else as one', () => {
    expect(parseAnswerImageReference(answerImageReference('opening', 'q-photo'))).toEqual({ instanceId: 'opening', questionId: 'q-photo' });
    expect(parseAnswerImageReference(answerImageReference('a/b', 'q 1'))).toEqual({ instanceId: 'a/b', questionId: 'q 1' });
    expect(parseAnswerImageReference(PHOTO)).toBeUndefined();
    expect(parseAnswerImageReference('checklistAnswer/opening')).toBeUndefined();
    expect(parseAnswerImageReference('checklistAnswer/opening/q-photo/extra')).toBeUndefined();
  });

  it('keeps the checklists asked for, and the next day\'s when the range reaches it', () => {
    expect(buildChecklistReport(input({ checklistIds: ['list-close'] })).instances.map((row) => row.checklist)).toEqual(['Closing checks']);
    expect(buildChecklistReport(input({ to: '2026-03-09' })).instances).toHaveLength(3);
  });

  it('answers rows whose fields are the catalogue\'s columns, section by section', () => {
    const figures = buildChecklistReport(input());
    for (const section of REPORT_CATALOGUE.checklistReport.sections) {
      const rows = figures[section.id];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(Object.keys(row)).toEqual(section.columns.map((column) => column.id));
    }
  });
});
