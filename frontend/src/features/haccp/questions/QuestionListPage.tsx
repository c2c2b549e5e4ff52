import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { questionInputSchema, type QuestionInput, type QuestionTemplate } from '@domain/haccp/question';
import { ORGANISATION_WRITERS } from '@domain/identity/roles';
import { ApiError } from '../../../api/ApiError';
import { AdminListPage } from '../../../components/AdminListPage';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormDialog } from '../../../components/FormDialog';
import { useAdminListPage } from '../../../components/useAdminListPage';
import { useErrorText } from '../../../components/useErrorText';
import { useCurrentUser } from '../../../session/useAuth';
import { QuestionFields, type QuestionChoices } from '../checklists/QuestionEditor';
import { draftOf, emptyDraft, inputOf, refusalsByPath, type QuestionDraft } from '../checklists/questionDraft';
import { useChecklistChoices } from '../checklists/useChecklistChoices';
import { createQuestionTemplate, deleteQuestionTemplate, updateQuestionTemplate, useQuestionTemplateList } from './api';

interface QuestionDialogProps {
  question?: QuestionTemplate;
  choices: QuestionChoices;
  onSave(input: QuestionInput): Promise<void>;
  onClose(): void;
}

/** Add or edit a Question List entry: the question editor's fields for one question, judged by the domain's rules before any call. */
function QuestionDialog({ question, choices, onSave, onClose }: QuestionDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [draft, setDraft] = useState<QuestionDraft>(() => (question === undefined ? emptyDraft() : draftOf(question)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const input = inputOf(draft);
    const parsed = questionInputSchema.safeParse(input);
    setErrors(parsed.success ? {} : refusalsByPath(parsed.error.issues));
    if (!parsed.success) return;
    setBusy(true);
    try {
      await onSave(input);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={t(question === undefined ? 'haccpQuestions.addTitle' : 'haccpQuestions.editTitle')}
      maxWidth="sm"
      busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onClose={onClose}
      cancelLabel={t('catalog.cancel')}
      submitLabel={t('catalog.save')}
    >
      {failure !== undefined && <Alert severity="error" sx={{ mb: 2 }}>{failure}</Alert>}
      <QuestionFields draft={draft} errors={errors} choices={choices} onChange={setDraft} />
    </FormDialog>
  );
}

/**
 * HACCP > Question List (SPEC section 2; issue 15 section 1): reusable questions; a checklist's
 * editor adds one as a copy ("Add from the Question List").
 */
export default function QuestionListPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canWrite = user.role !== null && ORGANISATION_WRITERS.includes(user.role);
  const questions = useQuestionTemplateList();
  const choices = useChecklistChoices();
  const page = useAdminListPage<QuestionTemplate, QuestionInput>({
    section: 'haccpQuestions',
    mutate: questions.mutate,
    create: createQuestionTemplate,
    update: (question, input) => updateQuestionTemplate(question.id, input),
    remove: (question) => deleteQuestionTemplate(question.id),
  });
  const { editing } = page;

  const columns = useMemo<GridColDef<QuestionTemplate>[]>(() => [
    { field: 'text', headerName: t('haccpChecklists.question.text'), flex: 2, minWidth: 220 },
    { field: 'type', headerName: t('haccpChecklists.question.type'), flex: 1, minWidth: 160, valueGetter: (type: QuestionTemplate['type']) => t(`haccpChecklists.types.${type}`) },
    { field: 'additionalFields', headerName: t('haccpChecklists.question.additionalFields'), width: 150, type: 'number', valueGetter: (fields: QuestionTemplate['additionalFields']) => fields.length },
  ], [t]);

  const rowActions = canWrite
    ? [
        page.editAction((row) => t('catalog.editItem', { name: row.name })),
        page.deleteAction((row) => t('catalog.deleteItem', { name: row.name })),
      ]
    : [];

  return (
    <AdminListPage<QuestionTemplate>
      title={t('haccpQuestions.title')}
      gridId="haccp-questions"
      list={questions}
      columns={columns}
      emptyLabel={t('haccpQuestions.empty')}
      rowActions={rowActions}
      initialSort={[{ field: 'text', sort: 'asc' }]}
      add={canWrite ? { label: t('haccpQuestions.add'), onClick: page.startAdd } : undefined}
    >
      {editing !== null && (
        <QuestionDialog
          key={editing.mode === 'edit' ? editing.item.id : 'new'}
          {...(editing.mode === 'edit' ? { question: editing.item } : {})}
          choices={choices}
          onSave={page.save}
          onClose={page.closeEditor}
        />
      )}
      <ConfirmDialog {...page.deleteDialog} />
    </AdminListPage>
  );
}
