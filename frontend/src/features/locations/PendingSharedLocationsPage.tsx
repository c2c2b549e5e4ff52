import { useMemo, useState } from 'react';
import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import CloseIcon from '@mui/icons-material/HighlightOff';
import type { GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import type { Location } from '@domain/organisation/location';
import { useErrorText } from '../../components/useErrorText';
import { answerSharedLocation, LOCATIONS_KEY, revalidatePlaces, usePendingSharedLocations } from '../../api/locations';
import type { AdminGridRowAction } from '../../components/AdminGrid';
import { AdminListPage } from '../../components/AdminListPage';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/**
 * Locations other organisations shared with the user, waiting for their answer (SPEC
 * section 4: acceptance pending). Accepted, a location counts for them everywhere (the
 * location selector, their lists); declined, the share ends.
 */
export default function PendingSharedLocationsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const { mutate: mutateKey } = useSWRConfig();
  const pending = usePendingSharedLocations();
  const { mutate } = pending;
  const [declining, setDeclining] = useState<{ location: Location; open: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const answer = async (location: Location, accept: boolean) => {
    setBusy(true);
    try {
      await answerSharedLocation(location.id, accept);
      enqueueSnackbar(t(accept ? 'sharedLocations.accepted' : 'sharedLocations.declined', { name: location.name }), { variant: 'success' });
      await mutate((pending = []) => pending.filter((entry) => entry.id !== location.id), { revalidate: false });
      if (accept) await Promise.all([revalidatePlaces(mutateKey), mutateKey(LOCATIONS_KEY)]);
    } catch (failure) {
      enqueueSnackbar(errorText(failure), { variant: 'error' });
    } finally {
      setBusy(false);
      setDeclining((current) => (current === null ? null : { ...current, open: false }));
    }
  };

  const columns = useMemo<GridColDef<Location>[]>(() => [
    { field: 'displayName', headerName: t('locations.fields.name'), flex: 1, minWidth: 180 },
    { field: 'ownerOrganisationName', headerName: t('locations.sharedBy'), width: 180, valueGetter: (_value, row) => row.ownerOrganisationName ?? row.ownerCustomerId },
    { field: 'city', headerName: t('locations.fields.city'), width: 140 },
    { field: 'country', headerName: t('locations.fields.country'), width: 150 },
    { field: 'accessLevel', headerName: t('locations.accessLevel'), width: 150, valueGetter: (_value, row) => t(`locations.access.${row.accessLevel}`) },
  ], [t]);

  const rowActions: AdminGridRowAction<Location>[] = [
    { key: 'accept', label: (row) => t('sharedLocations.accept', { name: row.name }), icon: <CheckIcon />, onClick: (row) => void answer(row, true), hidden: () => busy },
    { key: 'decline', label: (row) => t('sharedLocations.decline', { name: row.name }), icon: <CloseIcon />, onClick: (row) => setDeclining({ location: row, open: true }), hidden: () => busy },
  ];

  return (
    <>
      <AdminListPage<Location>
        title={t('sharedLocations.title')}
        intro={t('sharedLocations.intro')}
        gridId="pending-shared-locations"
        list={pending}
        columns={columns}
        emptyLabel={t('sharedLocations.empty')}
        rowActions={rowActions}
      />
      <ConfirmDialog
        open={declining?.open ?? false}
        title={t('sharedLocations.declineTitle')}
        message={declining === null ? '' : t('sharedLocations.declineConfirm', { name: declining.location.name })}
        confirmLabel={t('sharedLocations.declineButton')}
        cancelLabel={t('locations.cancel')}
        busy={busy}
        onConfirm={() => declining !== null && void answer(declining.location, false)}
        onCancel={() => setDeclining((current) => (current === null ? null : { ...current, open: false }))}
      />
    </>
  );
}
