import NotificationsNoneIcon from '@mui/icons-material/NotificationsNoneOutlined';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The alarms tab: the sensor's alarms arrive with the alarms issue; until then, an empty state. */
export function SensorAlarmsTab() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 4, display: 'grid', placeItems: 'center', gap: 1 }}>
      <NotificationsNoneIcon color="disabled" fontSize="large" />
      <Typography color="text.secondary">{t('sensors.alarms.empty')}</Typography>
    </Paper>
  );
}
