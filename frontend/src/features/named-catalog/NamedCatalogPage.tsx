import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import type { NamedItem, NamedItemInput } from '@domain/organisation/named-catalog';
import { ORGANISATION_WRITERS } from '@domain/identity/roles';
import {
  createNamedItem,
  deleteNamedItem,
  updateNamedItem,
  useNamedItemList,
  type NamedCatalogPath,
} from '../../api/namedCatalog';
import type { AdminGridRowAction } from '../../components/AdminGrid';
import { AdminListPage } from '../../components/AdminListPage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useAdminListPage } from '../../components/useAdminListPage';
import { useFormatters } from '../../i18n/formatters';
import { useCurrentUser } from '../../session/useAuth';
import { NamedItemDialog } from './NamedItemDialog';

/** The catalogue section holding a resource's texts (title, add, confirmations, toasts). */
export type NamedCatalogSection = 'departments' | 'divisions';

export interface NamedCatalogPageProps {
  /** API path of the resource. */
  path: NamedCatalogPath;
  section: NamedCatalogSection;
}

/**
 * A list of named items (departments, divisions): everyone allowed to read sees the list;
 * only roles that may write see Add, Edit and Delete (the API refuses the others too).
 */
export function NamedCatalogPage({ path, section }: NamedCatalogPageProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canWrite = user.role !== null && ORGANISATION_WRITERS.includes(user.role);
  const list = useNamedItemList(path);
  const page = useAdminListPage<NamedItem, NamedItemInput>({
    section,
    mutate: list.mutate,
    create: (input) => createNamedItem(path, input),
    update: (item, input) => updateNamedItem(path, item.id, input),
    remove: (item) => deleteNamedItem(path, item.id),
    reloadOnDeleteFailure: true,
  });
  const { editing } = page;
  const formatters = useFormatters();

  const columns = useMemo<GridColDef<NamedItem>[]>(() => {
    return [
      { field: 'name', headerName: t('catalog.name'), flex: 1, minWidth: 180 },
      {
        field: 'updatedAt',
        headerName: t('catalog.updatedAt'),
        type: 'dateTime',
        width: 220,
        valueGetter: (value: string) => new Date(value),
        valueFormatter: (value: Date) => formatters.dateTime(value),
      },
    ];
  }, [formatters, t]);

  const rowActions: AdminGridRowAction<NamedItem>[] = canWrite
    ? [
      page.editAction((row) => t('catalog.editItem', { name: row.name })),
      page.deleteAction((row) => t('catalog.deleteItem', { name: row.name })),
    ]
    : [];

  return (
    <AdminListPage<NamedItem>
      title={t(`${section}.title`)}
      gridId={section}
      list={list}
      columns={columns}
      rowActions={rowActions}
      emptyLabel={t(`${section}.empty`)}
      add={canWrite ? { label: t(`${section}.add`), onClick: page.startAdd } : undefined}
    >
      {editing !== null && (
        <NamedItemDialog
          title={t(editing.mode === 'add' ? `${section}.addTitle` : `${section}.editTitle`)}
          initialName={editing.mode === 'edit' ? editing.item.name : ''}
          onSave={page.save}
          onClose={page.closeEditor}
        />
      )}
      <ConfirmDialog {...page.deleteDialog} />
    </AdminListPage>
  );
}
