import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { Shift, ShiftRequest } from '@domain/haccp/shift';
import { useNotificationGroups } from '../../../api/notificationGroups';
import { useUsers } from '../../../api/users';
import { AdminListPage } from '../../../components/AdminListPage';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useAdminListPage } from '../../../components/useAdminListPage';
import { useCanWriteOrganisation } from '../../../session/useCanWriteOrganisation';
import { usePlaces } from '../../gateways';
import { ShiftDialog } from './ShiftDialog';
import { createShift, deleteShift, updateShift, useShiftList } from './shiftsApi';

const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' });

/**
 * HACCP > Shift (SPEC sections 3, 5 and 8; issue 15 section 1): when each site's checklists
 * are due, 24 hours or on custom schedules. A shift checklists are linked to cannot be
 * deleted: the refusal says so.
 */
export default function ShiftsPage() {
  const { t } = useTranslation();
  const canWrite = useCanWriteOrganisation();
  const shifts = useShiftList();
  const places = usePlaces();
  // Only writers choose groups and users (the lists are theirs to read).
  const groups = useNotificationGroups();
  const users = useUsers('all');
  const groupOptions = useMemo(
    () => (canWrite ? groups.data ?? [] : []).filter((group) => group.groupType === 'haccp').map((group) => ({ value: group.id, label: group.name })).sort(byLabel),
    [canWrite, groups.data],
  );
  const userOptions = useMemo(
    () => (canWrite ? users.data ?? [] : [])
      .map((entry) => ({ value: entry.accountId, label: `${entry.firstName} ${entry.lastName}`.trim() || entry.email }))
      .sort(byLabel),
    [canWrite, users.data],
  );
  const page = useAdminListPage<Shift, ShiftRequest>({
    section: 'haccpShifts',
    mutate: shifts.mutate,
    create: createShift,
    update: (shift, input) => updateShift(shift.id, input),
    remove: (shift) => deleteShift(shift.id),
  });
  const { editing } = page;

  const columns = useMemo<GridColDef<Shift>[]>(() => [
    { field: 'name', headerName: t('haccpShifts.fields.name'), flex: 1, minWidth: 160 },
    { field: 'siteId', headerName: t('haccpShifts.fields.siteId'), flex: 1, minWidth: 160, valueGetter: (siteId: Shift['siteId']) => places.siteName(siteId) },
    { field: 'locationId', headerName: t('haccpShifts.fields.locationId'), flex: 1, minWidth: 140, valueGetter: (locationId: Shift['locationId']) => places.locationName(locationId) },
    { field: 'shiftType', headerName: t('haccpShifts.fields.shiftType'), width: 120, valueFormatter: (value: Shift['shiftType']) => t(`haccpShifts.types.${value}`) },
    { field: 'schedules', headerName: t('haccpShifts.columns.schedules'), width: 110, type: 'number', valueGetter: (schedules: Shift['schedules']) => schedules.length },
  ], [t, places]);

  const rowActions = canWrite ? page.itemActions : [];

  return (
    <AdminListPage<Shift>
      title={t('haccpShifts.title')}
      gridId="haccp-shifts"
      list={shifts}
      columns={columns}
      emptyLabel={t('haccpShifts.empty')}
      rowActions={rowActions}
      initialSort={[{ field: 'name', sort: 'asc' }]}
      add={canWrite ? { label: t('haccpShifts.add'), onClick: page.startAdd } : undefined}
    >
      {editing !== null && (
        <ShiftDialog
          key={editing.mode === 'edit' ? editing.item.id : 'new'}
          {...(editing.mode === 'edit' ? { shift: editing.item } : {})}
          places={places}
          groupOptions={groupOptions}
          userOptions={userOptions}
          onSave={page.save}
          onClose={page.closeEditor}
        />
      )}
      <ConfirmDialog {...page.deleteDialog} />
    </AdminListPage>
  );
}
