import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { questionInputSchema } from '@domain/haccp/question';
import { renderScreen } from '../../../test/render';
import { enter } from '../../../test/userInput';
import { QuestionEditor, type QuestionChoices } from './QuestionEditor';
import { emptyDraft, inputOf, refusalsByPath, type QuestionDraft } from './questionDraft';

vi.mock('../../../session/useAuth', () => import('../../../test/fakeApi'));
vi.mock('../../../api/apiFetch', () => import('../../../test/fakeApi'));

const CHOICES: QuestionChoices = {
  sensors: [{ value: 'S1', label: 'Walk-in cooler (S1)' }],
  correctiveActions: [{ value: 'ca-1', label: 'Discard product' }],
  information: [{ value: 'i-1', label: 'Oil tester' }],
};

/** The editor over questions of its own, its refusals those of the domain's schema (as the dialog judges them). */
function Harness({ initial, onQuestions }: { initial: QuestionDraft[]; onQuestions: (questions: QuestionDraft[]) => void }) {
  const [questions, setQuestions] = useState(initial);
  const errors = Object.assign({}, ...questions.map((draft, index) => {
    const parsed = questionInputSchema.safeParse(inputOf(draft));
    return parsed.success ? {} : Object.fromEntries(Object.entries(refusalsByPath(parsed.error.issues)).map(([path, message]) => [`${index}.${path}`, message]));
  })) as Record<string, string>;
  return <QuestionEditor questions={questions} errors={errors} choices={CHOICES} onChange={(changed) => { setQuestions(changed); onQuestions(changed); }} />;
}

describe('QuestionEditor', () => {
  it("shows each type's fields, judges them by the spec's rules, and keeps at most 5 additional fields", async () => {
    const user = userEvent.setup({ delay: null });
    const onQuestions = vi.fn<(questions: QuestionDraft[]) => void>();
    renderScreen(<Harness initial={[{ ...emptyDraft(), text: 'Soup' }]} onQuestions={onQuestions} />);

    await user.click(screen.getByRole('combobox', { name: /^Q1 Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Temperature from a sensor' }));
    expect(screen.getByRole('combobox', { name: /^Q1 Sensor/ })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.questionSensorRequired)).toBeInTheDocument();
    await enter(user, screen.getByRole('textbox', { name: /^Q1 Min/ }), '8');
    await enter(user, screen.getByRole('textbox', { name: /^Q1 Max/ }), '5');
    expect(await screen.findByText(MESSAGES.questionMinAboveMax)).toBeVisible();
    await enter(user, screen.getByRole('textbox', { name: /^Q1 Max/ }), 'x');
    expect(await screen.findByText(MESSAGES.questionNumbersOnly)).toBeVisible();

    await user.click(screen.getByRole('combobox', { name: /^Q1 Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Oil quality' }));
    expect(screen.queryByRole('textbox', { name: /^Q1 Min/ })).toBeNull();
    expect(screen.getByRole('textbox', { name: /^Q1 Warn at/ })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.questionInformationRequired)).toBeInTheDocument();

    const addField = screen.getByRole('button', { name: 'Add additional field' });
    for (let count = 0; count < 5; count += 1) await user.click(addField);
    expect(addField).toBeDisabled();
    expect(screen.getAllByText(MESSAGES.questionAdditionalFieldRequired)).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Remove additional field 5' }));
    expect(addField).toBeEnabled();
  });

  it('gives choice questions their options (yes/no: "No" out of limits) and reorders questions up and down', async () => {
    const user = userEvent.setup({ delay: null });
    const onQuestions = vi.fn<(questions: QuestionDraft[]) => void>();
    renderScreen(<Harness initial={[{ ...emptyDraft('text'), text: 'First' }, { ...emptyDraft('text'), text: 'Second' }]} onQuestions={onQuestions} />);

    await user.click(screen.getByRole('combobox', { name: /^Q2 Type/ }));
    await user.click(await screen.findByRole('option', { name: 'Yes / No' }));
    const second = screen.getAllByTestId('question-card')[1] as HTMLElement;
    expect(within(second).getByRole('textbox', { name: /^Q2 Option 1/ })).toHaveValue('Yes');
    expect(within(second).getAllByRole('checkbox', { name: 'Out of limits' }).map((box) => (box as HTMLInputElement).checked)).toEqual([false, true]);

    await user.click(screen.getByRole('button', { name: 'Move question 2 up' }));
    expect(onQuestions.mock.lastCall?.[0].map((question) => question.text)).toEqual(['Second', 'First']);
    expect(screen.getByRole('button', { name: 'Move question 1 up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move question 1 down' }));
    expect(onQuestions.mock.lastCall?.[0].map((question) => question.text)).toEqual(['First', 'Second']);
    await user.click(screen.getByRole('button', { name: 'Remove question 1' }));
    expect(onQuestions.mock.lastCall?.[0].map((question) => question.text)).toEqual(['Second']);
  });
});
