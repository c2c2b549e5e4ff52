import { useMemo, useState } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import InsightsIcon from '@mui/icons-material/Insights';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { checklistRowMoveIssue, type Checklist, type ChecklistInput } from '@domain/haccp/checklist';
import { ORGANISATION_WRITERS } from '@domain/identity/roles';
import { AdminListPage } from '../../../components/AdminListPage';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useAdminListPage } from '../../../components/useAdminListPage';
import { useMessageText } from '../../../i18n/messages';
import { useCurrentUser } from '../../../session/useAuth';
import { useQuestionTemplates } from '../questions/api';
import { createChecklist, deleteChecklist, updateChecklist, useChecklistList } from './api';
import { ChecklistDialog } from './ChecklistDialog';
import { ChecklistPerformanceDialog } from './ChecklistPerformanceDialog';
import { useChecklistChoices } from './useChecklistChoices';

/** The drag data of a checklist row: its id. */
const ROW_DRAG_TYPE = 'application/x-checklist-row';

/**
 * HACCP > Checklist (SPEC sections 2, 4, 5, 8; issue 15 section 1): the organisation's
 * checklists with their group, site and shift; administrators add, edit (with the question
 * editor) and delete them. A row dragged onto a row of another group is refused with the
 * SPEC's words (a checklist changes group through its form); within its group there is no
 * order to keep (checklists list by name).
 */
export default function ChecklistsPage() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const user = useCurrentUser();
  const canWrite = user.role !== null && ORGANISATION_WRITERS.includes(user.role);
  const checklists = useChecklistList();
  const choices = useChecklistChoices();
  const templates = useQuestionTemplates();
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const [performanceOf, setPerformanceOf] = useState<Checklist | null>(null);
  const page = useAdminListPage<Checklist, ChecklistInput>({
    section: 'haccpChecklists',
    mutate: checklists.mutate,
    create: createChecklist,
    update: (checklist, input) => updateChecklist(checklist.id, input),
    remove: (checklist) => deleteChecklist(checklist.id),
  });
  const { editing } = page;
  const byId = useMemo(() => new Map((checklists.data ?? []).map((checklist) => [checklist.id, checklist])), [checklists.data]);

  const columns = useMemo<GridColDef<Checklist>[]>(() => {
    const label = (options: readonly { value: string; label: string }[], id: string | undefined) => options.find((option) => option.value === id)?.label ?? '';
    return [
      {
        field: 'groupId',
        headerName: t('haccpChecklists.fields.groupId'),
        minWidth: 160,
        flex: 1,
        valueGetter: (groupId: Checklist['groupId']) => label(choices.groups, groupId),
        renderCell: ({ row, value }) => (
          <Box
            draggable
            data-testid={`checklist-row-${row.id}`}
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, cursor: 'grab', width: '100%' }}
            onDragStart={(event) => event.dataTransfer.setData(ROW_DRAG_TYPE, row.id)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              const moved = byId.get(event.dataTransfer.getData(ROW_DRAG_TYPE));
              if (moved === undefined) return;
              setRefusal(checklistRowMoveIssue(moved, row));
            }}
          >
            <DragIndicatorIcon fontSize="small" aria-hidden />
            {String(value ?? '')}
          </Box>
        ),
      },
      { field: 'name', headerName: t('haccpChecklists.fields.name'), flex: 1, minWidth: 180 },
      { field: 'siteId', headerName: t('haccpChecklists.fields.siteId'), flex: 1, minWidth: 140, valueGetter: (siteId: string) => choices.places.siteName(siteId) },
      { field: 'shiftId', headerName: t('haccpChecklists.fields.shiftId'), flex: 1, minWidth: 140, valueGetter: (shiftId: string) => label(choices.shifts, shiftId) },
      { field: 'questions', headerName: t('haccpChecklists.columns.questions'), width: 110, type: 'number', valueGetter: (questions: Checklist['questions']) => questions.length },
    ];
  }, [t, choices, byId]);

  const performanceAction = { key: 'performance', label: (row: Checklist) => t('haccpChecklists.performance.open', { name: row.name }), icon: <InsightsIcon />, onClick: setPerformanceOf };
  const rowActions = canWrite
    ? [
        performanceAction,
        page.editAction((row) => t('catalog.editItem', { name: row.name })),
        page.deleteAction((row) => t('catalog.deleteItem', { name: row.name })),
      ]
    : [performanceAction];

  return (
    <AdminListPage<Checklist>
      title={t('haccpChecklists.title')}
      intro={refusal === undefined ? undefined : <Alert severity="warning" onClose={() => setRefusal(undefined)}>{messageText(refusal)}</Alert>}
      gridId="haccp-checklists"
      list={checklists}
      columns={columns}
      emptyLabel={t('haccpChecklists.empty')}
      rowActions={rowActions}
      initialSort={[{ field: 'groupId', sort: 'asc' }]}
      add={canWrite ? { label: t('haccpChecklists.add'), onClick: page.startAdd } : undefined}
      toolbar={canWrite ? <Button component={RouterLink} to="/app/haccp/checklists/copy" startIcon={<ContentCopyIcon />}>{t('haccpChecklists.copy.link')}</Button> : undefined}
    >
      {editing !== null && (
        <ChecklistDialog
          key={editing.mode === 'edit' ? editing.item.id : 'new'}
          {...(editing.mode === 'edit' ? { checklist: editing.item } : {})}
          choices={choices}
          templates={templates.data ?? []}
          onSave={page.save}
          onClose={page.closeEditor}
        />
      )}
      {performanceOf !== null && <ChecklistPerformanceDialog checklist={performanceOf} onClose={() => setPerformanceOf(null)} />}
      <ConfirmDialog {...page.deleteDialog} />
    </AdminListPage>
  );
}
