import { useMemo, useState } from 'react';
import DevicesIcon from '@mui/icons-material/DevicesOtherOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { ORGANISATION_WRITERS } from '@domain/identity/roles';
import type { Site, SiteInput } from '@domain/organisation/site';
import { revalidatePlaces, useLocations } from '../../api/locations';
import { createSite, deleteSite, downloadSiteDocument, updateSite, uploadSiteDocument, useSites } from '../../api/sites';
import { useClientState } from '../../session/clientState';
import type { AdminGridRowAction } from '../../components/AdminGrid';
import { AdminListPage } from '../../components/AdminListPage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useAdminListPage } from '../../components/useAdminListPage';
import { useCurrentUser } from '../../session/useAuth';
import { SiteDetailsDialog } from './SiteDetailsDialog';
import { SiteDialog, type LocationOption } from './SiteDialog';

/** A file as the API takes it: base64, without the data-URL prefix. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

/** Opens a PDF the API returned (base64) in the browser's own viewer, as a download. */
function saveFile(fileName: string, data: string): void {
  const binary = atob(data);
  const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Administration > Sites (SPEC sections 2, 3, 5, 8): the sites the user sees, add and edit
 * with every field and the PDF, the site's devices and users, delete with corporate access
 * (refused in the spec's words while anything is attached).
 */
export default function SitesPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { mutate: mutateKey } = useSWRConfig();
  const user = useCurrentUser();
  const { corporateAdmin } = useClientState();
  const canWrite = user.role !== null && ORGANISATION_WRITERS.includes(user.role);
  const sites = useSites();
  const locations = useLocations();
  const [details, setDetails] = useState<Site | null>(null);
  const page = useAdminListPage<Site, SiteInput>({
    section: 'sites',
    mutate: sites.mutate,
    create: createSite,
    update: (site, input) => updateSite(site.id, input),
    // A refusal comes in SPEC section 8's words: shifts, checklists, sensors, gateways, locations, users.
    remove: (site) => deleteSite(site.id),
    afterDelete: () => revalidatePlaces(mutateKey),
    deleteLabels: { confirm: t('sites.delete'), cancel: t('sites.cancel') },
  });
  const { editing, replace, toastError } = page;

  // A site's locations are the organisation's own (never one shared by another organisation).
  const locationOptions = useMemo<LocationOption[]>(
    () => (locations.data ?? []).filter((location) => !location.isShared).map((location) => ({ id: location.id, label: location.displayName })),
    [locations.data],
  );
  const locationName = useMemo(() => new Map((locations.data ?? []).map((location) => [location.id, location.displayName])), [locations.data]);

  // Not the page's plain save: the PDF goes up once the site is saved.
  const save = async (input: SiteInput, file: File | null) => {
    let saved: Site;
    try {
      saved = editing?.mode === 'edit' ? await updateSite(editing.item.id, input) : await createSite(input);
    } catch (failure) {
      toastError(failure);
      throw failure;
    }
    await replace(saved);
    if (file !== null) {
      try {
        saved = await uploadSiteDocument(saved.id, { fileName: file.name, data: await base64Of(file) });
        await replace(saved);
      } catch (failure) {
        // The site is saved; the dialog stays open on it with the file's refusal.
        toastError(failure);
        page.startEdit(saved);
        throw failure;
      }
    }
    enqueueSnackbar(t(editing?.mode === 'edit' ? 'sites.updated' : 'sites.created', { name: saved.name }), { variant: 'success' });
    page.closeEditor();
    await revalidatePlaces(mutateKey);
  };

  const download = async (site: Site) => {
    try {
      const file = await downloadSiteDocument(site.id);
      saveFile(file.fileName, file.data);
    } catch (failure) {
      toastError(failure);
    }
  };

  const columns = useMemo<GridColDef<Site>[]>(() => [
    { field: 'displayName', headerName: t('sites.fields.name'), flex: 1, minWidth: 180 },
    { field: 'siteId', headerName: t('sites.fields.siteId'), width: 120 },
    {
      field: 'locationIds',
      headerName: t('sites.fields.locationIds'),
      flex: 1,
      minWidth: 180,
      valueGetter: (_value, row) => row.locationIds.map((id) => locationName.get(id) ?? id).join(', '),
    },
    { field: 'timezone', headerName: t('sites.fields.timezone'), width: 170 },
    { field: 'city', headerName: t('sites.fields.city'), width: 140 },
    { field: 'haccpSubscriptionEnd', headerName: t('sites.fields.haccpSubscriptionEnd'), width: 150 },
    { field: 'monitoringSubscriptionEnd', headerName: t('sites.fields.monitoringSubscriptionEnd'), width: 170 },
    { field: 'document', headerName: t('sites.document.column'), width: 170, valueGetter: (_value, row) => row.document?.fileName ?? '' },
  ], [locationName, t]);

  const rowActions: AdminGridRowAction<Site>[] = [
    { key: 'details', label: (row) => t('sites.detailsItem', { name: row.name }), icon: <DevicesIcon />, onClick: (row) => setDetails(row) },
    page.editAction((row) => t('sites.editItem', { name: row.name }), () => !canWrite),
    page.deleteAction((row) => t('sites.deleteItem', { name: row.name }), () => !canWrite || !corporateAdmin),
  ];

  return (
    <AdminListPage
      title={t('sites.title')}
      emptyLabel={t('sites.empty')}
      gridId="sites"
      list={sites}
      columns={columns}
      rowActions={rowActions}
      initialSort={[{ field: 'displayName', sort: 'asc' }]}
      // Fits 1366 px with the actions; subscriptions and the document stay in the column settings.
      defaultHiddenColumns={['haccpSubscriptionEnd', 'monitoringSubscriptionEnd', 'document']}
      add={canWrite ? { label: t('sites.add'), onClick: page.startAdd } : undefined}
    >
      {editing !== null && (
        <SiteDialog
          key={editing.mode === 'edit' ? editing.item.id : 'new'}
          {...(editing.mode === 'edit' ? { site: editing.item, onDownload: () => void download(editing.item) } : {})}
          locations={locationOptions}
          onSave={save}
          onClose={page.closeEditor}
        />
      )}
      {details !== null && <SiteDetailsDialog site={details} onClose={() => setDetails(null)} />}
      <ConfirmDialog {...page.deleteDialog} />
    </AdminListPage>
  );
}
