import { useMemo, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import ShareIcon from '@mui/icons-material/ShareOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { mayDeleteLocation, mayEditLocation, type Location, type LocationInput } from '@domain/location';
import { ORGANISATION_WRITERS } from '@domain/roles';
import { errorMessageOf } from '../../api/ApiError';
import {
  createLocation,
  deleteLocation,
  locationNameExists,
  NAVBAR_KEY,
  updateLocation,
  useLocations,
} from '../../api/locations';
import { useClientState } from '../../app/clientState';
import { AdminGrid, type AdminGridRowAction } from '../../components/AdminGrid';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useMessageText } from '../../i18n/messages';
import { useCurrentUser } from '../auth/useAuth';
import { LocationDialog } from './LocationDialog';
import { ShareLocationDialog } from './ShareLocationDialog';

type Editing = { mode: 'add' } | { mode: 'edit'; location: Location };

const byName = (locations: Location[]) => locations.sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));

/**
 * Administration > Locations (SPEC sections 2, 3, 5, 6): the organisation's locations and
 * those shared with the user and accepted. Edit for the owner or a shared location's
 * administrator; share for the owner; delete with corporate access.
 */
export default function LocationsPage() {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { enqueueSnackbar } = useSnackbar();
  const { mutate: mutateKey } = useSWRConfig();
  const user = useCurrentUser();
  const { corporateAdmin } = useClientState();
  const canWrite = user.role !== null && ORGANISATION_WRITERS.includes(user.role);
  const { data, error, isLoading, mutate } = useLocations();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [sharing, setSharing] = useState<Location | null>(null);
  const [deleting, setDeleting] = useState<{ location: Location; open: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const toastError = (failure: unknown) => enqueueSnackbar(messageText(errorMessageOf(failure)), { variant: 'error' });
  // The list reads an eventually consistent index: the write's answer updates it.
  const replace = (saved: Location) => mutate((locations = []) => byName([...locations.filter((entry) => entry.id !== saved.id), saved]), { revalidate: false });

  const save = async (input: LocationInput) => {
    let saved: Location;
    try {
      saved = editing?.mode === 'edit' ? await updateLocation(editing.location.id, input) : await createLocation(input);
      enqueueSnackbar(t(editing?.mode === 'edit' ? 'locations.updated' : 'locations.created', { name: saved.name }), { variant: 'success' });
    } catch (failure) {
      toastError(failure);
      throw failure;
    }
    setEditing(null);
    await replace(saved);
    await mutateKey(NAVBAR_KEY);
  };

  const confirmDelete = async () => {
    if (deleting === null) return;
    const { location } = deleting;
    setBusy(true);
    try {
      await deleteLocation(location.id);
      enqueueSnackbar(t('locations.deleted', { name: location.name }), { variant: 'success' });
      await mutate((locations = []) => locations.filter((entry) => entry.id !== location.id), { revalidate: false });
      await mutateKey(NAVBAR_KEY);
    } catch (failure) {
      // The refusal in the spec's words (sensors or gateways attached, sites in it).
      toastError(failure);
    } finally {
      setBusy(false);
      setDeleting((current) => (current === null ? null : { ...current, open: false }));
    }
  };

  const columns = useMemo<GridColDef<Location>[]>(() => [
    { field: 'displayName', headerName: t('locations.fields.name'), flex: 1, minWidth: 180 },
    { field: 'address', headerName: t('locations.fields.address'), flex: 1, minWidth: 180 },
    { field: 'city', headerName: t('locations.fields.city'), width: 140 },
    { field: 'state', headerName: t('locations.fields.state'), width: 140 },
    { field: 'country', headerName: t('locations.fields.country'), width: 150 },
    { field: 'postalCode', headerName: t('locations.fields.postalCode'), width: 120 },
    { field: 'accessLevel', headerName: t('locations.accessLevel'), width: 150, valueGetter: (_value, row) => t(`locations.access.${row.accessLevel}`) },
    {
      field: 'ownerOrganisationName',
      headerName: t('locations.sharedBy'),
      width: 170,
      valueGetter: (_value, row) => (row.isShared ? row.ownerOrganisationName ?? row.ownerCustomerId : ''),
    },
  ], [t]);

  const rowActions: AdminGridRowAction<Location>[] = [
    {
      key: 'edit',
      label: (row) => t('locations.editItem', { name: row.name }),
      icon: <EditIcon />,
      onClick: (row) => setEditing({ mode: 'edit', location: row }),
      hidden: (row) => !canWrite || !mayEditLocation(row),
    },
    {
      key: 'share',
      label: (row) => t('locations.shareItem', { name: row.name }),
      icon: <ShareIcon />,
      onClick: (row) => setSharing(row),
      hidden: (row) => !canWrite || !row.isOwner || row.isShared,
    },
    {
      key: 'delete',
      label: (row) => t('locations.deleteItem', { name: row.name }),
      icon: <DeleteIcon />,
      onClick: (row) => setDeleting({ location: row, open: true }),
      hidden: (row) => !canWrite || !mayDeleteLocation(row, corporateAdmin),
    },
  ];

  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>{t('locations.title')}</Typography>
      <AdminGrid<Location>
        gridId="locations"
        label={t('locations.title')}
        rows={data}
        columns={columns}
        loading={isLoading}
        error={error}
        onReload={() => void mutate()}
        emptyLabel={t('locations.empty')}
        rowActions={rowActions}
        initialSort={[{ field: 'displayName', sort: 'asc' }]}
        toolbar={canWrite && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ mode: 'add' })}>
            {t('locations.add')}
          </Button>
        )}
      />
      {editing !== null && (
        <LocationDialog
          {...(editing.mode === 'edit' ? { location: editing.location } : {})}
          onSave={save}
          onClose={() => setEditing(null)}
          nameExists={locationNameExists}
        />
      )}
      {sharing !== null && <ShareLocationDialog location={sharing} onClose={() => setSharing(null)} />}
      <ConfirmDialog
        open={deleting?.open ?? false}
        title={t('locations.deleteTitle')}
        message={deleting === null ? '' : t('locations.deleteConfirm', { name: deleting.location.name })}
        confirmLabel={t('locations.delete')}
        cancelLabel={t('locations.cancel')}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting((current) => (current === null ? null : { ...current, open: false }))}
      />
    </>
  );
}
