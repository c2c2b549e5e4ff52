import { useMemo, useState } from 'react';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { checklistGroupInputSchema, inGroupOrder, type ChecklistGroup, type ChecklistGroupFormValues, type ChecklistGroupInput } from '@domain/haccp/checklist-group';
import { AdminListPage } from '../../../components/AdminListPage';
import type { AdminGridRowAction } from '../../../components/AdminGrid';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { updatedAtColumn, useAdminListPage } from '../../../components/useAdminListPage';
import { useFormatters } from '../../../i18n/formatters';
import { useCanWriteOrganisation } from '../../../session/useCanWriteOrganisation';
import { createChecklistGroup, deleteChecklistGroup, reorderChecklistGroups, updateChecklistGroup, useChecklistGroupList } from './api';
import { LibraryDialog } from './LibraryDialog';

/** The ids in their order with the group at `index` swapped with its neighbour `by` places away. */
function moved(groups: readonly ChecklistGroup[], index: number, by: -1 | 1): string[] {
  const ids = groups.map((group) => group.id);
  const target = index + by;
  const [here, there] = [ids[index], ids[target]];
  if (here === undefined || there === undefined) return ids;
  ids[index] = there;
  ids[target] = here;
  return ids;
}

/**
 * HACCP > Checklist groups (SPEC sections 2, 8; issue 15 section 1): the groups in the
 * organisation's order; administrators add, rename, delete and move them up or down.
 */
export default function ChecklistGroupsPage() {
  const { t } = useTranslation();
  const formatters = useFormatters();
  const canWrite = useCanWriteOrganisation();
  const groups = useChecklistGroupList();
  const [moving, setMoving] = useState(false);
  const page = useAdminListPage<ChecklistGroup, ChecklistGroupInput>({
    section: 'haccpGroups',
    mutate: groups.mutate,
    create: createChecklistGroup,
    update: (group, input) => updateChecklistGroup(group.id, input),
    remove: (group) => deleteChecklistGroup(group.id),
    // A delete leaves a gap in the order: the list as the API has it.
    afterDelete: () => groups.mutate(),
    afterSave: () => groups.mutate(),
    reloadOnDeleteFailure: true,
  });
  const { editing } = page;
  const ordered = useMemo(() => inGroupOrder(groups.data ?? []), [groups.data]);

  const move = async (group: ChecklistGroup, by: -1 | 1) => {
    setMoving(true);
    try {
      const after = await reorderChecklistGroups(moved(ordered, ordered.findIndex((entry) => entry.id === group.id), by));
      await groups.mutate(after, { revalidate: false });
    } catch (failure) {
      // Stale (a group added or deleted meanwhile): the refusal, and the list as it is now.
      page.toastError(failure);
      await groups.mutate();
    } finally {
      setMoving(false);
    }
  };

  const columns = useMemo<GridColDef<ChecklistGroup>[]>(() => [
    { field: 'order', headerName: t('haccpGroups.position'), type: 'number', width: 100, align: 'left', headerAlign: 'left', valueFormatter: (value: number) => String(ordered.findIndex((group) => group.order === value) + 1) },
    { field: 'name', headerName: t('haccpGroups.name'), flex: 1, minWidth: 180 },
    updatedAtColumn(t('catalog.updatedAt'), formatters.dateTime),
  ], [formatters, ordered, t]);

  const isFirst = (row: ChecklistGroup) => ordered[0]?.id === row.id;
  const isLast = (row: ChecklistGroup) => ordered[ordered.length - 1]?.id === row.id;
  const moveActions: AdminGridRowAction<ChecklistGroup>[] = [
    { key: 'up', label: (row) => t('haccpGroups.moveUp', { name: row.name }), icon: <ArrowUpwardIcon />, onClick: (row) => void move(row, -1), disabled: (row) => moving || isFirst(row) },
    { key: 'down', label: (row) => t('haccpGroups.moveDown', { name: row.name }), icon: <ArrowDownwardIcon />, onClick: (row) => void move(row, 1), disabled: (row) => moving || isLast(row) },
  ];
  const rowActions = canWrite ? [...moveActions, ...page.itemActions] : [];

  return (
    <AdminListPage
      title={t('haccpGroups.title')}
      intro={canWrite ? t('haccpGroups.intro') : undefined}
      emptyLabel={t('haccpGroups.empty')}
      gridId="haccp-groups"
      list={{ ...groups, data: groups.data === undefined ? undefined : ordered }}
      columns={columns}
      rowActions={rowActions}
      initialSort={[{ field: 'order', sort: 'asc' }]}
      add={canWrite ? { label: t('haccpGroups.add'), onClick: page.startAdd } : undefined}
    >
      {editing !== null && (
        <LibraryDialog<ChecklistGroupFormValues, ChecklistGroupInput>
          title={t(editing.mode === 'add' ? 'haccpGroups.addTitle' : 'haccpGroups.editTitle')}
          schema={checklistGroupInputSchema}
          initial={{ name: editing.mode === 'edit' ? editing.item.name : '' }}
          fields={[{ name: 'name', label: t('haccpGroups.name'), required: true }]}
          onSave={page.save}
          onClose={page.closeEditor}
        />
      )}
      <ConfirmDialog {...page.deleteDialog} />
    </AdminListPage>
  );
}
