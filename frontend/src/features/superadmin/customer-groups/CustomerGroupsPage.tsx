import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { customerGroupInputSchema, type CustomerGroup, type CustomerGroupInput } from '@domain/organisation/organisation';
import { createCustomerGroup, updateCustomerGroup, useCustomerGroups } from '../../../api/superadmin';
import { AdminListPage } from '../../../components/AdminListPage';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/FormTextField';
import { useAdminListPage } from '../../../components/useAdminListPage';
import { useFormDialog } from '../../../components/useFormDialog';
import { useFormatters } from '../../../i18n/formatters';

interface CustomerGroupDialogProps {
  group?: CustomerGroup;
  onSave(input: CustomerGroupInput): Promise<void>;
  onClose(): void;
}

/** Add or rename a customer group: its name, checked on the domain's schema (a taken name is refused under it). */
function CustomerGroupDialog({ group, onSave, onClose }: CustomerGroupDialogProps) {
  const { t } = useTranslation();
  const { form: { register }, errorOf, dialogProps } = useFormDialog<CustomerGroupInput, CustomerGroupInput>({
    resolver: zodResolver(customerGroupInputSchema),
    defaultValues: { name: group?.name ?? '' },
    onSave,
    onClose,
    nameTakenCode: 'customerGroupNameTaken',
  });
  return (
    <FormDialog title={t(group === undefined ? 'customerGroups.addTitle' : 'customerGroups.editTitle')} maxWidth="xs" {...dialogProps}>
      <FormTextField {...register('name')} label={t('customerGroups.name')} required autoFocus autoComplete="off" errorText={errorOf('name')} />
    </FormDialog>
  );
}

/**
 * The super-administrator's customer groups (issue 16 section 1): the groups organisations
 * belong to, added and renamed here (the API deletes none: organisations and users hold them).
 */
export default function CustomerGroupsPage() {
  const { t } = useTranslation();
  const formatters = useFormatters();
  const groups = useCustomerGroups();
  const page = useAdminListPage<CustomerGroup, CustomerGroupInput>({
    section: 'customerGroups',
    mutate: groups.mutate,
    create: createCustomerGroup,
    update: (group, input) => updateCustomerGroup(group.id, input),
  });
  const { editing } = page;

  const columns = useMemo<GridColDef<CustomerGroup>[]>(() => [
    { field: 'name', headerName: t('customerGroups.name'), flex: 1, minWidth: 180 },
    {
      field: 'createdAt',
      headerName: t('customerGroups.createdAt'),
      type: 'dateTime',
      width: 200,
      valueGetter: (value: string) => new Date(value),
      valueFormatter: (value: Date) => formatters.dateTime(value),
    },
  ], [formatters, t]);

  return (
    <AdminListPage
      title={t('customerGroups.title')}
      intro={t('customerGroups.intro')}
      emptyLabel={t('customerGroups.empty')}
      gridId="customer-groups"
      list={groups}
      columns={columns}
      rowActions={[page.editAction((row) => t('catalog.editItem', { name: row.name }))]}
      add={{ label: t('customerGroups.add'), onClick: page.startAdd }}
      initialSort={[{ field: 'name', sort: 'asc' }]}
    >
      {editing !== null && (
        <CustomerGroupDialog {...(editing.mode === 'edit' ? { group: editing.item } : {})} onSave={page.save} onClose={page.closeEditor} />
      )}
    </AdminListPage>
  );
}
