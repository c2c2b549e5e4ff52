import { useMemo } from 'react';
import OpenIcon from '@mui/icons-material/OpenInNew';
import Chip from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { HelpdeskOrganisation, OrganisationHealth } from '@domain/organisation/helpdesk';
import { useHelpdeskOrganisations } from '../../api/helpdesk';
import type { AdminGridRowAction } from '../../components/AdminGrid';
import { AdminListPage } from '../../components/AdminListPage';
import { useDateTime } from '../../i18n/useDateTime';

/** The health figures shown as columns, in the order support reads them. */
const HEALTH_COUNTS = ['sensorsOffline', 'gatewaysOffline', 'lowBatteries', 'activeAlarms', 'unacknowledgedAlarms'] as const satisfies readonly (keyof OrganisationHealth)[];

export const helpdeskOrganisationPath = (customerId: string) => `/app/helpdesk/organisations/${encodeURIComponent(customerId)}`;

/**
 * The helpdesk's landing (SPEC section 2: /app/helpdesk; issue 16 section 2): every
 * organisation it supports with its health at a glance, searched and sorted in the grid;
 * opening one shows its users and devices.
 */
export default function HelpdeskPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const organisations = useHelpdeskOrganisations();
  const dateTime = useDateTime();

  const columns = useMemo<GridColDef<HelpdeskOrganisation>[]>(() => [
    { field: 'name', headerName: t('helpdesk.fields.name'), flex: 1, minWidth: 180 },
    {
      field: 'status',
      headerName: t('helpdesk.fields.status'),
      width: 120,
      valueGetter: (_value, row) => t(`helpdesk.statuses.${row.status}`),
      renderCell: ({ row }) => <Chip size="small" color={row.status === 'disabled' ? 'default' : 'success'} label={t(`helpdesk.statuses.${row.status}`)} />,
    },
    ...HEALTH_COUNTS.map((count): GridColDef<HelpdeskOrganisation> => ({
      field: count,
      headerName: t(`helpdesk.health.${count}`),
      type: 'number',
      width: 130,
      valueGetter: (_value, row) => row.health[count],
    })),
    {
      field: 'lastDataAt',
      headerName: t('helpdesk.health.lastDataAt'),
      type: 'dateTime',
      width: 190,
      valueGetter: (_value, row) => (row.health.lastDataAt === null ? null : new Date(row.health.lastDataAt)),
      valueFormatter: (value: Date | null) => (value === null ? t('helpdesk.never') : dateTime(value.toISOString())),
    },
  ], [dateTime, t]);

  const rowActions: AdminGridRowAction<HelpdeskOrganisation>[] = [
    { key: 'open', label: (row) => t('helpdesk.openItem', { name: row.name }), icon: <OpenIcon />, onClick: (row) => void navigate(helpdeskOrganisationPath(row.customerId)) },
  ];

  return (
    <AdminListPage<HelpdeskOrganisation>
      title={t('helpdesk.title')}
      intro={t('helpdesk.intro')}
      gridId="helpdesk-organisations"
      list={organisations}
      columns={columns}
      rowActions={rowActions}
      getRowId={(row) => row.customerId}
      emptyLabel={t('helpdesk.empty')}
      initialSort={[{ field: 'name', sort: 'asc' }]}
      card={(row) => ({
        title: row.name,
        value: t('helpdesk.cardSummary', { offline: row.health.sensorsOffline + row.health.gatewaysOffline, alarms: row.health.activeAlarms }),
        time: row.health.lastDataAt === null ? t('helpdesk.never') : dateTime(row.health.lastDataAt),
        state: t(`helpdesk.statuses.${row.status}`),
      })}
    />
  );
}
