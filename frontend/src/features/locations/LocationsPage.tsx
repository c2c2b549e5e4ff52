import { useMemo, useState } from 'react';
import ShareIcon from '@mui/icons-material/ShareOutlined';
import CorporateViewIcon from '@mui/icons-material/VisibilityOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { mayDeleteLocation, mayEditLocation, type Location, type LocationInput } from '@domain/organisation/location';
import { ORGANISATION_WRITERS } from '@domain/identity/roles';
import {
  createLocation,
  deleteLocation,
  locationNameExists,
  revalidatePlaces,
  updateLocation,
  useLocationList,
} from '../../api/locations';
import { useClientState } from '../../session/clientState';
import type { AdminGridRowAction } from '../../components/AdminGrid';
import { AdminListPage } from '../../components/AdminListPage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useAdminListPage } from '../../components/useAdminListPage';
import { useCurrentUser } from '../../session/useAuth';
import { StartProxyDialog } from '../proxy';
import { LocationDialog } from './LocationDialog';
import { ShareLocationDialog } from './ShareLocationDialog';

/**
 * Administration > Locations (SPEC sections 2, 3, 5, 6): the organisation's locations and
 * those shared with the user and accepted. Edit for the owner or a shared location's
 * administrator; share for the owner; delete with corporate access. An administrator with
 * corporate access opens a corporate view of one of their organisation's locations (a proxy
 * session limited to it, issue 16 section 3).
 */
export default function LocationsPage() {
  const { t } = useTranslation();
  const { mutate: mutateKey } = useSWRConfig();
  const user = useCurrentUser();
  const { corporateAdmin, proxy, customerId, tenantName } = useClientState();
  const canWrite = user.role !== null && ORGANISATION_WRITERS.includes(user.role);
  const locations = useLocationList();
  const [sharing, setSharing] = useState<Location | null>(null);
  const [viewing, setViewing] = useState<Location | null>(null);
  const page = useAdminListPage<Location, LocationInput>({
    section: 'locations',
    mutate: locations.mutate,
    create: createLocation,
    update: (location, input) => updateLocation(location.id, input),
    // A refusal comes in the spec's words (sensors or gateways attached, sites in it).
    remove: (location) => deleteLocation(location.id),
    afterSave: () => revalidatePlaces(mutateKey),
    afterDelete: () => revalidatePlaces(mutateKey),
    deleteLabels: { confirm: t('locations.delete'), cancel: t('locations.cancel') },
  });
  const { editing } = page;

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
    page.editAction((row) => t('locations.editItem', { name: row.name }), (row) => !canWrite || !mayEditLocation(row)),
    {
      key: 'share',
      label: (row) => t('locations.shareItem', { name: row.name }),
      icon: <ShareIcon />,
      onClick: (row) => setSharing(row),
      hidden: (row) => !canWrite || !row.isOwner || row.isShared,
    },
    page.deleteAction((row) => t('locations.deleteItem', { name: row.name }), (row) => !canWrite || !mayDeleteLocation(row, corporateAdmin)),
    {
      key: 'corporateView',
      label: (row) => t('proxy.startCorporateViewOf', { location: row.name }),
      icon: <CorporateViewIcon />,
      onClick: (row) => setViewing(row),
      // Its own organisation's locations only, and nobody proxies while proxying.
      hidden: (row) => user.role !== 'admin' || !corporateAdmin || proxy !== null || row.isShared,
    },
  ];

  return (
    <AdminListPage
      title={t('locations.title')}
      emptyLabel={t('locations.empty')}
      gridId="locations"
      list={locations}
      columns={columns}
      rowActions={rowActions}
      initialSort={[{ field: 'displayName', sort: 'asc' }]}
      // Fits 1366 px with the actions; the address's parts stay in the column settings.
      defaultHiddenColumns={['state', 'country', 'postalCode']}
      add={canWrite ? { label: t('locations.add'), onClick: page.startAdd } : undefined}
    >
      {editing !== null && (
        <LocationDialog
          {...(editing.mode === 'edit' ? { location: editing.item } : {})}
          onSave={page.save}
          onClose={page.closeEditor}
          nameExists={locationNameExists}
        />
      )}
      {sharing !== null && <ShareLocationDialog location={sharing} onClose={() => setSharing(null)} />}
      {viewing !== null && customerId !== null && (
        <StartProxyDialog
          customerId={customerId} organisationName={tenantName ?? customerId}
          location={{ id: viewing.id, name: viewing.name }} onClose={() => setViewing(null)}
        />
      )}
      <ConfirmDialog {...page.deleteDialog} />
    </AdminListPage>
  );
}
