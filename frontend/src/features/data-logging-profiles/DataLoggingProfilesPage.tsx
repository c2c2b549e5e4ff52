import { useMemo, useState } from 'react';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { DataLoggingProfile, DataLoggingProfileInput } from '@domain/devices/data-logging-profile';
import { ORGANISATION_WRITERS } from '@domain/identity/roles';
import { useErrorText } from '../../components/useErrorText';
import {
  createDataLoggingProfile,
  deleteDataLoggingProfile,
  updateDataLoggingProfile,
  useDataLoggingProfileList,
} from '../../api/dataLoggingProfiles';
import type { AdminGridRowAction } from '../../components/AdminGrid';
import { AdminListPage } from '../../components/AdminListPage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useCurrentUser } from '../../session/useAuth';
import { DataLoggingProfileDialog } from './DataLoggingProfileDialog';

type Editing = { mode: 'add' } | { mode: 'edit'; profile: DataLoggingProfile };

const byName = (profiles: DataLoggingProfile[]) => profiles.sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));

/**
 * Administration > Data Logging profiles (SPEC sections 2, 3; issue 5 section 3): the
 * organisation's profiles, added, edited and deleted by administrators (a profile sensors
 * use is refused in the API's words).
 */
export default function DataLoggingProfilesPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const user = useCurrentUser();
  const canWrite = user.role !== null && ORGANISATION_WRITERS.includes(user.role);
  const profiles = useDataLoggingProfileList();
  const { mutate } = profiles;
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<{ profile: DataLoggingProfile; open: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const toastError = (failure: unknown) => enqueueSnackbar(errorText(failure), { variant: 'error' });

  const save = async (input: DataLoggingProfileInput) => {
    let saved: DataLoggingProfile;
    try {
      saved = editing?.mode === 'edit' ? await updateDataLoggingProfile(editing.profile.id, input) : await createDataLoggingProfile(input);
    } catch (failure) {
      toastError(failure);
      throw failure;
    }
    enqueueSnackbar(t(editing?.mode === 'edit' ? 'dataLoggingProfiles.updated' : 'dataLoggingProfiles.created', { name: saved.name }), { variant: 'success' });
    setEditing(null);
    await mutate((profiles = []) => byName([...profiles.filter((entry) => entry.id !== saved.id), saved]), { revalidate: false });
  };

  const confirmDelete = async () => {
    if (deleting === null) return;
    const { profile } = deleting;
    setBusy(true);
    try {
      await deleteDataLoggingProfile(profile.id);
      enqueueSnackbar(t('dataLoggingProfiles.deleted', { name: profile.name }), { variant: 'success' });
      await mutate((profiles = []) => profiles.filter((entry) => entry.id !== profile.id), { revalidate: false });
    } catch (failure) {
      // A profile sensors use stays, with the API's reason.
      toastError(failure);
    } finally {
      setBusy(false);
      setDeleting((current) => (current === null ? null : { ...current, open: false }));
    }
  };

  const columns = useMemo<GridColDef<DataLoggingProfile>[]>(() => {
    const minutes = (value: number) => t('dataLoggingProfiles.minutes', { count: value });
    const schedule = (profile: DataLoggingProfile) => (profile.schedule.kind === 'always'
      ? t('dataLoggingProfiles.scheduleKinds.always')
      : t('dataLoggingProfiles.scheduleSummary', {
          days: profile.schedule.days.map((day) => t(`dataLoggingProfiles.shortDays.${day}`)).join(', '),
          start: profile.schedule.start,
          end: profile.schedule.end,
        }));
    return [
      { field: 'name', headerName: t('dataLoggingProfiles.fields.name'), flex: 1, minWidth: 160 },
      { field: 'description', headerName: t('dataLoggingProfiles.fields.description'), flex: 1, minWidth: 160 },
      { field: 'enabled', headerName: t('dataLoggingProfiles.fields.enabled'), width: 110, valueGetter: (value: boolean) => t(value ? 'dataLoggingProfiles.yes' : 'dataLoggingProfiles.no') },
      { field: 'valueToLog', headerName: t('dataLoggingProfiles.fields.valueToLog'), width: 130, valueGetter: (value: DataLoggingProfile['valueToLog']) => t(`dataLoggingProfiles.valuesToLog.${value}`) },
      { field: 'intervalMinutes', headerName: t('dataLoggingProfiles.fields.intervalMinutes'), width: 130, valueFormatter: minutes },
      { field: 'calculationWindowMinutes', headerName: t('dataLoggingProfiles.fields.calculationWindowMinutes'), width: 170, valueFormatter: minutes },
      { field: 'deviation', headerName: t('dataLoggingProfiles.fields.deviation'), width: 110, type: 'number' },
      { field: 'schedule', headerName: t('dataLoggingProfiles.fields.schedule'), flex: 1, minWidth: 180, valueGetter: (_value, row) => schedule(row) },
      { field: 'useCount', headerName: t('dataLoggingProfiles.fields.useCount'), width: 120, type: 'number' },
    ];
  }, [t]);

  const rowActions: AdminGridRowAction<DataLoggingProfile>[] = canWrite
    ? [
        { key: 'edit', label: (row) => t('dataLoggingProfiles.editItem', { name: row.name }), icon: <EditIcon />, onClick: (row) => setEditing({ mode: 'edit', profile: row }) },
        { key: 'delete', label: (row) => t('dataLoggingProfiles.deleteItem', { name: row.name }), icon: <DeleteIcon />, onClick: (row) => setDeleting({ profile: row, open: true }) },
      ]
    : [];

  return (
    <>
      <AdminListPage<DataLoggingProfile>
        title={t('dataLoggingProfiles.title')}
        gridId="data-logging-profiles"
        list={profiles}
        columns={columns}
        emptyLabel={t('dataLoggingProfiles.empty')}
        rowActions={rowActions}
        initialSort={[{ field: 'name', sort: 'asc' }]}
        add={canWrite ? { label: t('dataLoggingProfiles.add'), onClick: () => setEditing({ mode: 'add' }) } : undefined}
      />
      {editing !== null && (
        <DataLoggingProfileDialog
          key={editing.mode === 'edit' ? editing.profile.id : 'new'}
          {...(editing.mode === 'edit' ? { profile: editing.profile } : {})}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting?.open ?? false}
        title={t('dataLoggingProfiles.deleteTitle')}
        message={deleting === null ? '' : t('dataLoggingProfiles.deleteConfirm', { name: deleting.profile.name })}
        confirmLabel={t('dataLoggingProfiles.delete')}
        cancelLabel={t('dataLoggingProfiles.cancel')}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting((current) => (current === null ? null : { ...current, open: false }))}
      />
    </>
  );
}
