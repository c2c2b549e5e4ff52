import { useState, type ReactNode } from 'react';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { gatewayModel } from '@domain/devices/device-catalogue';
import type { Gateway } from '@domain/devices/gateway';
import { ORGANISATION_WRITERS } from '@domain/identity/roles';
import { useAlarmProfiles } from '../../api/alarmProfiles';
import { ApiError } from '../../api/ApiError';
import { useErrorText } from '../../components/useErrorText';
import { useGateway } from '../../api/gateways';
import { useNotificationGroups } from '../../api/notificationGroups';
import { useCurrentUser } from '../../session/useAuth';
import { DeviceCommandsTab, DeviceDetailHeader, DeviceTabs, useDeviceTab, DeviceFilesTab, DeviceHistoryTab, DeviceNotesTab } from '../devices';
import { useDateTime } from '../../i18n/useDateTime';
import { OnlineChip } from '../sensors';
import { GatewayDataTab } from './GatewayDataTab';
import { GatewayImageGallery } from './GatewayImagesField';
import { GatewaySensorsTab } from './GatewaySensorsTab';
import { useGatewayEditor } from './useGatewayEditor';
import { usePlaces } from './usePlaces';

/** SPEC section 2: the gateway detail tabs, in the spec's order. */
export const GATEWAY_TABS = ['sensors', 'notes', 'files', 'commands', 'history', 'data'] as const;
export type GatewayTab = (typeof GATEWAY_TABS)[number];

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary" component="p">{label}</Typography>
      <Typography component="div" sx={{ overflowWrap: 'anywhere' }}>{children}</Typography>
    </Grid>
  );
}

function BackLink({ gateway }: { gateway?: Gateway }) {
  const { t } = useTranslation();
  const inactive = gateway !== undefined && !gateway.isActive;
  return (
    <Box>
      <Button component={RouterLink} to={inactive ? '/app/gateways/inactive' : '/app/gateways'} startIcon={<ArrowBackIcon />}>
        {t(inactive ? 'gateways.backToInactive' : 'gateways.backToList')}
      </Button>
    </Box>
  );
}

/**
 * A gateway (SPEC section 2; issue 5 section 2): what it is and where, its live state, the
 * administrators' edit and delete (refused while it has notes or sensors, naming it and its
 * sensor count), and its tabs: sensors, notes, files, troubleshooting commands, history, data.
 * The tab is kept in the address (`?tab=`), so a tab can be linked and reloaded.
 */
export default function GatewayDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const dateTime = useDateTime();
  const user = useCurrentUser();
  const canWrite = user.role !== null && ORGANISATION_WRITERS.includes(user.role);
  const [tab, openTab] = useDeviceTab<GatewayTab>(GATEWAY_TABS, 'sensors');
  const { data: gateway, error, isLoading } = useGateway(id);
  const places = usePlaces();
  const alarmProfiles = useAlarmProfiles();
  const notificationGroups = useNotificationGroups();
  const nameIn = (items: readonly { id: string; name: string }[] | undefined, itemId: string | undefined) =>
    (itemId === undefined ? '—' : items?.find((item) => item.id === itemId)?.name ?? itemId);
  const [refusal, setRefusal] = useState<string | null>(null);
  const editor = useGatewayEditor({
    places,
    onDeleted: (deleted) => void navigate(deleted.isActive ? '/app/gateways' : '/app/gateways/inactive'),
    onDeleteRefused: setRefusal,
  });

  if (error !== undefined && gateway === undefined) {
    return (
      <Stack sx={{ gap: 2 }}>
        <BackLink />
        <Alert severity="error">{error instanceof ApiError && error.status === 404 ? t('gateways.notFound') : errorText(error)}</Alert>
      </Stack>
    );
  }
  if (gateway === undefined) return isLoading ? <LinearProgress /> : null;

  const panels: Record<GatewayTab, () => ReactNode> = {
    sensors: () => <GatewaySensorsTab gatewayId={gateway.id} />,
    notes: () => <DeviceNotesTab kind="gateways" id={gateway.id} canWrite={canWrite} />,
    files: () => <DeviceFilesTab kind="gateways" id={gateway.id} canWrite={canWrite} />,
    commands: () => <DeviceCommandsTab kind="gateways" id={gateway.id} canWrite={canWrite} />,
    history: () => <DeviceHistoryTab kind="gateways" id={gateway.id} />,
    data: () => <GatewayDataTab gatewayId={gateway.id} />,
  };

  return (
    <Stack sx={{ gap: 2 }}>
      <BackLink gateway={gateway} />
      <DeviceDetailHeader
        name={gateway.name}
        id={gateway.id}
        chips={(
          <>
            <Chip size="small" label={t(`gateways.statuses.${gateway.status}`)} color={gateway.isActive ? 'primary' : 'default'} />
            <OnlineChip online={gateway.state.online} t={t} />
          </>
        )}
        actions={canWrite && (
          <>
            <Button variant="outlined" startIcon={<EditIcon />} onClick={() => editor.edit(gateway)}>{t('gateways.edit')}</Button>
            <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => { setRefusal(null); editor.remove(gateway); }}>
              {t('gateways.delete')}
            </Button>
          </>
        )}
      />
      {refusal !== null && <Alert severity="error" onClose={() => setRefusal(null)}>{refusal}</Alert>}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Grid container spacing={2}>
          <Fact label={t('gateways.fields.model')}>{gatewayModel(gateway.model)?.name ?? gateway.model}</Fact>
          <Fact label={t('gateways.fields.eui')}>{gateway.eui}</Fact>
          <Fact label={t('gateways.fields.macId')}>{gateway.macId}</Fact>
          <Fact label={t('gateways.fields.siteId')}>{places.siteName(gateway.siteId)}</Fact>
          <Fact label={t('gateways.fields.locationIds')}>{gateway.locationIds.map((location) => places.locationName(location)).join(', ')}</Fact>
          <Fact label={t('gateways.fields.position')}>
            {gateway.position === undefined ? '—' : `${gateway.position.latitude}, ${gateway.position.longitude}`}
          </Fact>
          <Fact label={t('gateways.fields.alarmProfileId')}>{nameIn(alarmProfiles.data, gateway.alarmProfileId)}</Fact>
          <Fact label={t('gateways.fields.notificationGroupId')}>{nameIn(notificationGroups.data, gateway.notificationGroupId)}</Fact>
          <Fact label={t('gateways.fields.sensorCount')}>{gateway.sensorCount}</Fact>
          <Fact label={t('gateways.fields.lastCommunicated')}>
            {gateway.state.lastCommunicated === undefined ? t('devices.never') : dateTime(gateway.state.lastCommunicated)}
          </Fact>
          <Fact label={t('gateways.fields.firmware')}>{gateway.state.firmware ?? '—'}</Fact>
          {gateway.notes !== '' && (
            <Grid size={12}>
              <Typography variant="caption" color="text.secondary" component="p">{t('gateways.fields.notes')}</Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap' }}>{gateway.notes}</Typography>
            </Grid>
          )}
          <Grid size={12}>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>{t('gateways.sections.images')}</Typography>
            <GatewayImageGallery gatewayId={gateway.id} fileIds={gateway.imageFileIds} />
          </Grid>
        </Grid>
      </Paper>
      <DeviceTabs tabs={GATEWAY_TABS} tab={tab} onChange={openTab} label={t('gateways.tabs.label')} tabLabel={(name) => t(`gateways.tabs.${name}`)} idPrefix="gateway">
        {panels[tab]()}
      </DeviceTabs>
      {editor.dialogs}
    </Stack>
  );
}
