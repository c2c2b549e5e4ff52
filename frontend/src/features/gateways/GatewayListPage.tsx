import { useMemo } from 'react';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import OpenIcon from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { gatewayModel } from '@domain/devices/device-catalogue';
import type { Gateway } from '@domain/devices/gateway';
import { ORGANISATION_WRITERS } from '@domain/identity/roles';
import { useGatewayList } from '../../api/gateways';
import type { AdminGridRowAction } from '../../components/AdminGrid';
import { AdminListPage } from '../../components/AdminListPage';
import { useCurrentUser } from '../../session/useAuth';
import { useDateTime } from '../../i18n/useDateTime';
import { OnlineChip } from '../sensors';
import { useGatewayEditor } from './useGatewayEditor';
import { usePlaces } from './usePlaces';

export const gatewayPath = (id: string) => `/app/gateways/${encodeURIComponent(id)}`;

/**
 * Gateways (SPEC sections 2, 3): the active gateways, or the inactive ones, that the user
 * reaches, with column settings; administrators add, edit and delete, basic users read.
 */
export function GatewayListPage({ list }: { list: 'active' | 'inactive' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const canWrite = user.role !== null && ORGANISATION_WRITERS.includes(user.role);
  const gateways = useGatewayList(list);
  const places = usePlaces();
  const dateTime = useDateTime();
  const editor = useGatewayEditor({ places });

  const columns = useMemo<GridColDef<Gateway>[]>(() => [
    {
      field: 'name',
      headerName: t('gateways.fields.name'),
      flex: 1,
      minWidth: 180,
      renderCell: ({ row }) => <Link component={RouterLink} to={gatewayPath(row.id)}>{row.name}</Link>,
    },
    { field: 'id', headerName: t('gateways.fields.eui'), width: 180 },
    { field: 'macId', headerName: t('gateways.fields.macId'), width: 170 },
    { field: 'model', headerName: t('gateways.fields.model'), width: 200, valueGetter: (value: string) => gatewayModel(value)?.name ?? value },
    { field: 'siteId', headerName: t('gateways.fields.siteId'), width: 160, valueGetter: (value: string) => places.siteName(value) },
    {
      field: 'locationIds',
      headerName: t('gateways.fields.locationIds'),
      flex: 1,
      minWidth: 160,
      valueGetter: (value: string[]) => value.map((id) => places.locationName(id)).join(', '),
    },
    { field: 'status', headerName: t('gateways.fields.status'), width: 110, valueGetter: (value: Gateway['status']) => t(`gateways.statuses.${value}`) },
    {
      field: 'online',
      headerName: t('gateways.fields.online'),
      width: 120,
      valueGetter: (_value, row) => t(row.state.online ? 'devices.online' : 'devices.offline'),
      renderCell: ({ row }) => <OnlineChip online={row.state.online} t={t} />,
    },
    { field: 'sensorCount', headerName: t('gateways.fields.sensorCount'), width: 110, type: 'number' },
    {
      field: 'lastCommunicated',
      headerName: t('gateways.fields.lastCommunicated'),
      width: 190,
      valueGetter: (_value, row) => row.state.lastCommunicated ?? '',
      valueFormatter: (value: string) => (value === '' ? t('devices.never') : dateTime(value)),
    },
  ], [dateTime, places, t]);

  const rowActions: AdminGridRowAction<Gateway>[] = [
    { key: 'open', label: (row) => t('gateways.openItem', { name: row.name }), icon: <OpenIcon />, onClick: (row) => void navigate(gatewayPath(row.id)) },
    { key: 'edit', label: (row) => t('gateways.editItem', { name: row.name }), icon: <EditIcon />, onClick: editor.edit, hidden: () => !canWrite },
    { key: 'delete', label: (row) => t('gateways.deleteItem', { name: row.name }), icon: <DeleteIcon />, onClick: editor.remove, hidden: () => !canWrite },
  ];

  const title = t(list === 'active' ? 'gateways.title' : 'gateways.inactiveTitle');
  return (
    <>
      <AdminListPage<Gateway>
        title={title}
        gridId={list === 'active' ? 'gateways' : 'gateways-inactive'}
        list={gateways}
        columns={columns}
        emptyLabel={t(list === 'active' ? 'gateways.empty' : 'gateways.inactiveEmpty')}
        rowActions={rowActions}
        initialSort={[{ field: 'name', sort: 'asc' }]}
        toolbar={(
          <Button component={RouterLink} to={list === 'active' ? '/app/gateways/inactive' : '/app/gateways'}>
            {t(list === 'active' ? 'gateways.showInactive' : 'gateways.showActive')}
          </Button>
        )}
        add={canWrite ? { label: t('gateways.add'), onClick: editor.add } : undefined}
      >
        {editor.dialogs}
      </AdminListPage>
    </>
  );
}
