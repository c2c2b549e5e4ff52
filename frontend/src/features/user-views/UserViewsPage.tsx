import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { UserView, UserViewInput } from '@domain/identity/user-views';
import { useNamedItems } from '../../api/namedCatalog';
import { createUserView, deleteUserView, updateUserView, useUserViewList } from '../../api/userViews';
import { AdminListPage } from '../../components/AdminListPage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { IdOption } from '../../components/IdMultiSelect';
import { updatedAtColumn, useAdminListPage } from '../../components/useAdminListPage';
import { useFormatters } from '../../i18n/formatters';
import { useCanWriteOrganisation } from '../../session/useCanWriteOrganisation';
import { useSiteOptions } from '../security-groups';
import { UserViewDialog } from './UserViewDialog';

const namesOf = (options: readonly IdOption[], ids: readonly string[]) =>
  ids.map((id) => options.find((option) => option.id === id)?.label ?? id).join(', ');

/** Administration > User Views (SPEC sections 2, 3, 5): everyone may read, administrators write. */
export default function UserViewsPage() {
  const { t } = useTranslation();
  const formatters = useFormatters();
  const canWrite = useCanWriteOrganisation();
  const views = useUserViewList();
  const { sites: siteList } = useSiteOptions();
  const departmentItems = useNamedItems('/departments');
  const divisionItems = useNamedItems('/divisions');
  const sites = useMemo(() => siteList.map((site) => ({ id: site.id, label: site.name })), [siteList]);
  const departments = useMemo(() => (departmentItems.data ?? []).map((item) => ({ id: item.id, label: item.name })), [departmentItems.data]);
  const divisions = useMemo(() => (divisionItems.data ?? []).map((item) => ({ id: item.id, label: item.name })), [divisionItems.data]);
  const page = useAdminListPage<UserView, UserViewInput>({
    section: 'userViews',
    mutate: views.mutate,
    create: createUserView,
    update: (view, input) => updateUserView(view.id, input),
    remove: (view) => deleteUserView(view.id),
    reloadOnDeleteFailure: true,
  });
  const { editing } = page;

  const columns = useMemo<GridColDef<UserView>[]>(() => {
    return [
      { field: 'name', headerName: t('userViews.name'), flex: 1, minWidth: 160 },
      { field: 'siteIds', headerName: t('userViews.sites'), flex: 1, minWidth: 160, valueGetter: (ids: string[]) => namesOf(sites, ids) },
      { field: 'departmentIds', headerName: t('userViews.departments'), flex: 1, minWidth: 140, valueGetter: (ids: string[]) => namesOf(departments, ids) },
      { field: 'divisionIds', headerName: t('userViews.divisions'), flex: 1, minWidth: 140, valueGetter: (ids: string[]) => namesOf(divisions, ids) },
      updatedAtColumn(t('catalog.updatedAt'), formatters.dateTime),
    ];
  }, [departments, divisions, formatters, sites, t]);

  const rowActions = canWrite ? page.itemActions : [];

  return (
    <AdminListPage
      title={t('userViews.title')}
      emptyLabel={t('userViews.empty')}
      gridId="user-views"
      list={views}
      columns={columns}
      rowActions={rowActions}
      add={canWrite ? { label: t('userViews.add'), onClick: page.startAdd } : undefined}
    >
      {editing !== null && (
        <UserViewDialog
          title={t(editing.mode === 'add' ? 'userViews.addTitle' : 'userViews.editTitle')}
          {...(editing.mode === 'edit'
            ? { initial: { name: editing.item.name, siteIds: editing.item.siteIds, departmentIds: editing.item.departmentIds, divisionIds: editing.item.divisionIds } }
            : {})}
          sites={sites}
          departments={departments}
          divisions={divisions}
          onSave={page.save}
          onClose={page.closeEditor}
        />
      )}
      <ConfirmDialog {...page.deleteDialog} />
    </AdminListPage>
  );
}
