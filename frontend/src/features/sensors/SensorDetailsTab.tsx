import type { ReactNode } from 'react';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { sensorModel } from '@domain/devices/device-catalogue';
import { readingAgeMs, type Sensor } from '@domain/devices/sensor';
import { useAlarmProfiles } from '../../api/alarmProfiles';
import { useNotificationGroups } from '../../api/notificationGroups';
import { useNamedItems } from '../../api/namedCatalog';
import { useDataLoggingProfileChoices } from '../../api/sensors';
import { formatMeasure } from '../../i18n/formatters';
import { useDateTime } from '../../i18n/useDateTime';
import { formatAge, sensorOnlineAt, useNow } from './liveReading';
import { formatChannelValue } from '../../i18n/readingUnits';
import { OnlineChip, statusKey } from './sensorColumns';
import { useChannelFormat } from './useChannelFormat';
import { useSensorLookups } from '../../api/useSensorLookups';

/** One labelled value; an empty value shows a dash. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === undefined || children === null || children === '';
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary" component="dt">{label}</Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>{empty ? '–' : children}</Typography>
    </Grid>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>{title}</Typography>
      <Grid container component="dl" spacing={2} sx={{ m: 0 }}>{children}</Grid>
    </Paper>
  );
}

/** The details tab: every field of the sensor (SPEC section 3) and its live state. */
export function SensorDetailsTab({ sensor }: { sensor: Sensor }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const channelFormat = useChannelFormat();
  const now = useNow();
  const lookups = useSensorLookups();
  const profiles = useDataLoggingProfileChoices();
  const departments = useNamedItems('/departments');
  const divisions = useNamedItems('/divisions');
  const alarmProfiles = useAlarmProfiles();
  const notificationGroups = useNotificationGroups();
  const format = channelFormat(sensor);
  const online = sensorOnlineAt(sensor, now);
  const age = readingAgeMs(sensor.live.lastReadingAt, now);
  const profileName = (id: string) => profiles.data?.find((profile) => profile.id === id)?.name ?? id;
  const nameIn = (items: { id: string; name: string }[] | undefined, id: string | undefined) =>
    id === undefined ? undefined : items?.find((item) => item.id === id)?.name ?? id;
  const model = sensorModel(sensor.deviceModel);
  const channels = [...sensor.channels].sort((a, b) => a.channel - b.channel);

  return (
    <Stack sx={{ gap: 2 }}>
      <Block title={t('sensors.details.liveState')}>
        <Detail label={t('sensors.columns.connectivity')}><OnlineChip online={online} t={t} /></Detail>
        <Detail label={t('sensors.columns.lastCommunicated')}>{sensor.live.lastCommunicated ? dateTime(sensor.live.lastCommunicated) : t('devices.never')}</Detail>
        <Detail label={t('sensors.details.lastReadingAt')}>
          {/* A stale value says how old it is (issue 17 item 1). */}
          {online || age === undefined ? dateTime(sensor.live.lastReadingAt) : t('sensors.staleValue', { value: dateTime(sensor.live.lastReadingAt), age: formatAge(age, format.language, t) })}
        </Detail>
        {channels.map((channel) => (
          <Detail key={channel.channel} label={t('sensors.data.seriesLabel', { channel: channel.channel, type: t(`devices.sensorTypes.${channel.sensorType}`) })}>
            {formatChannelValue(sensor.live.reading?.[String(channel.channel)], channel, format)}
          </Detail>
        ))}
        <Detail label={t('sensors.columns.battery')}>{sensor.live.battery === undefined ? undefined : `${sensor.live.battery} %`}</Detail>
        <Detail label={t('sensors.columns.signal')}>{sensor.live.signal === undefined ? undefined : `${sensor.live.signal} dBm`}</Detail>
        <Detail label={t('sensors.columns.snr')}>{formatMeasure(sensor.live.snr, 'dB', format.language)}</Detail>
      </Block>
      <Block title={t('sensors.details.configuration')}>
        <Detail label={t('sensors.fields.name')}>{sensor.name}</Detail>
        <Detail label={t('sensors.fields.id')}>{sensor.id}</Detail>
        <Detail label={t('sensors.fields.deviceModel')}>{model?.name ?? sensor.deviceModel}</Detail>
        <Detail label={t('sensors.columns.status')}>{t(statusKey(sensor.deviceStatus))}</Detail>
        <Detail label={t('sensors.fields.description')}>{sensor.description}</Detail>
        <Detail label={t('sensors.fields.monitoringType')}>{sensor.monitoringType && t(`devices.monitoringTypes.${sensor.monitoringType}`)}</Detail>
        <Detail label={t('sensors.fields.locationId')}>{lookups.locationName(sensor.locationId)}</Detail>
        <Detail label={t('sensors.fields.siteId')}>{lookups.siteName(sensor.siteId)}</Detail>
        <Detail label={t('sensors.fields.gatewayId')}>{lookups.gatewayName(sensor.gatewayId)}</Detail>
        <Detail label={t('sensors.fields.connectionType')}>{t(`devices.connectionTypes.${sensor.connectionType}`)}</Detail>
        {sensor.externalSensorType !== undefined && (
          <Detail label={t('sensors.fields.externalSensorType')}>{t(`devices.externalSensorTypes.${sensor.externalSensorType}`)}</Detail>
        )}
        {sensor.openLabel !== undefined && <Detail label={t('sensors.fields.openLabel')}>{sensor.openLabel}</Detail>}
        {sensor.closeLabel !== undefined && <Detail label={t('sensors.fields.closeLabel')}>{sensor.closeLabel}</Detail>}
        <Detail label={t('sensors.fields.departmentId')}>{nameIn(departments.data, sensor.departmentId)}</Detail>
        <Detail label={t('sensors.fields.divisionId')}>{nameIn(divisions.data, sensor.divisionId)}</Detail>
        <Detail label={t('sensors.fields.alarmProfileId')}>{nameIn(alarmProfiles.data, sensor.alarmProfileId)}</Detail>
        <Detail label={t('sensors.fields.deviceAlarmProfileId')}>{nameIn(alarmProfiles.data, sensor.deviceAlarmProfileId)}</Detail>
        <Detail label={t('sensors.fields.notificationGroupIds')}>{sensor.notificationGroupIds.map((id) => nameIn(notificationGroups.data, id)).join(', ')}</Detail>
        <Detail label={t('sensors.fields.inactivityNotificationGroupIds')}>
          {sensor.inactivityNotificationGroupIds.map((id) => nameIn(notificationGroups.data, id)).join(', ')}
        </Detail>
        <Detail label={t('sensors.details.registeredOn')}>{dateTime(sensor.registeredOn)}</Detail>
        <Detail label={t('sensors.details.lastReset')}>{dateTime(sensor.lastReset)}</Detail>
        <Detail label={t('sensors.details.calibrationIssued')}>{sensor.calibration?.issueDate}</Detail>
        <Detail label={t('sensors.details.calibrationRenewal')}>{sensor.calibration?.renewalDate}</Detail>
      </Block>
      <Block title={t('sensors.sections.channels')}>
        {channels.map((channel) => (
          <Detail key={channel.channel} label={t('sensors.channel', { channel: channel.channel })}>
            {`${t(`devices.sensorTypes.${channel.sensorType}`)} · ${t(`devices.subTypes.${channel.sensorSubType}` as 'devices.subTypes.ambient', { defaultValue: channel.sensorSubType })} · ${profileName(channel.dataLoggingProfileId)}`}
          </Detail>
        ))}
      </Block>
      {(sensor.disable !== undefined || sensor.scheduledChanges.length > 0) && (
        <Block title={t('sensors.details.disabledSection')}>
          {sensor.disable !== undefined && (
            <>
              <Detail label={t('sensors.columns.disabledOn')}>{dateTime(sensor.disable.disabledOn)}</Detail>
              <Detail label={t('sensors.columns.disabledBy')}>{sensor.disable.disabledBy}</Detail>
              <Detail label={t('sensors.columns.disableReason')}>{sensor.disable.reason}</Detail>
              <Detail label={t('sensors.columns.enableOn')}>{dateTime(sensor.disable.enableOn)}</Detail>
            </>
          )}
          {sensor.scheduledChanges.map((change) => (
            <Detail key={change.id} label={t(change.action === 'disable' ? 'sensors.disable.disableAt' : 'sensors.disable.enableAt')}>
              {`${dateTime(change.at)}${change.reason ? ` · ${change.reason}` : ''}`}
            </Detail>
          ))}
        </Block>
      )}
    </Stack>
  );
}
