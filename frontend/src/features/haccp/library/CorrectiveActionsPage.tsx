import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { correctiveActionInputSchema, type CorrectiveAction, type CorrectiveActionFormValues, type CorrectiveActionInput } from '@domain/haccp/corrective-action';
import { AdminListPage } from '../../../components/AdminListPage';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { updatedAtColumn, useAdminListPage } from '../../../components/useAdminListPage';
import { useFormatters } from '../../../i18n/formatters';
import { useCanWriteOrganisation } from '../../../session/useCanWriteOrganisation';
import { createCorrectiveAction, deleteCorrectiveAction, updateCorrectiveAction, useCorrectiveActionList } from './api';
import { LibraryDialog } from './LibraryDialog';

/** HACCP > Standard Corrective Actions (SPEC sections 2, 3; issue 15 section 1): everyone may read, administrators write. */
export default function CorrectiveActionsPage() {
  const { t } = useTranslation();
  const formatters = useFormatters();
  const canWrite = useCanWriteOrganisation();
  const actions = useCorrectiveActionList();
  const page = useAdminListPage<CorrectiveAction, CorrectiveActionInput>({
    section: 'haccpCorrectiveActions',
    mutate: actions.mutate,
    create: createCorrectiveAction,
    update: (action, input) => updateCorrectiveAction(action.id, input),
    remove: (action) => deleteCorrectiveAction(action.id),
    reloadOnDeleteFailure: true,
  });
  const { editing } = page;

  const columns = useMemo<GridColDef<CorrectiveAction>[]>(() => [
    { field: 'name', headerName: t('haccpCorrectiveActions.name'), flex: 1, minWidth: 180 },
    { field: 'description', headerName: t('haccpCorrectiveActions.description'), flex: 2, minWidth: 200 },
    updatedAtColumn(t('catalog.updatedAt'), formatters.dateTime),
  ], [formatters, t]);

  const rowActions = canWrite ? page.itemActions : [];

  return (
    <AdminListPage
      title={t('haccpCorrectiveActions.title')}
      emptyLabel={t('haccpCorrectiveActions.empty')}
      gridId="haccp-corrective-actions"
      list={actions}
      columns={columns}
      rowActions={rowActions}
      add={canWrite ? { label: t('haccpCorrectiveActions.add'), onClick: page.startAdd } : undefined}
    >
      {editing !== null && (
        <LibraryDialog<CorrectiveActionFormValues, CorrectiveActionInput>
          title={t(editing.mode === 'add' ? 'haccpCorrectiveActions.addTitle' : 'haccpCorrectiveActions.editTitle')}
          schema={correctiveActionInputSchema}
          initial={editing.mode === 'edit' ? { name: editing.item.name, description: editing.item.description } : { name: '', description: '' }}
          fields={[
            { name: 'name', label: t('haccpCorrectiveActions.name'), required: true },
            { name: 'description', label: t('haccpCorrectiveActions.description'), multiline: true },
          ]}
          onSave={page.save}
          onClose={page.closeEditor}
        />
      )}
      <ConfirmDialog {...page.deleteDialog} />
    </AdminListPage>
  );
}
