import { useState } from 'react';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LISTED_ALARM_TYPES, type AlarmType } from '@domain/alarms/alarm';
import { ALARM_TYPE_CATALOGUE } from '@domain/alarms/alarm-types';
import { ALARM_STATE_COLOURS, ALARM_STATES, ALARM_TYPE_COLOURS, SIGNAL_BANDS, signalBand, type AlarmState } from './alarmPresentation';

/** A dot of an alarm type's colour before its name. */
export function AlarmTypeLabel({ type }: { type: AlarmType }) {
  const { t } = useTranslation();
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: ALARM_TYPE_COLOURS[type], flex: 'none' }} />
      <span>{t(ALARM_TYPE_CATALOGUE[type].labelKey)}</span>
    </Box>
  );
}

/** A signal strength in dBm behind a bar of its band's colour (the legend's), the band named for screen readers. */
export function SignalStrength({ dbm }: { dbm: number }) {
  const { t } = useTranslation();
  const band = signalBand(dbm);
  const colour = SIGNAL_BANDS.find((candidate) => candidate.band === band)?.colour;
  return (
    <Box component="span" title={t(`alarms.legend.bands.${band}`)} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <Box component="span" aria-hidden sx={{ width: 14, height: 4, borderRadius: 1, bgcolor: colour, flex: 'none' }} />
      <span>{`${String(dbm)} dBm`}</span>
    </Box>
  );
}

export function AlarmStateChip({ state }: { state: AlarmState }) {
  const { t } = useTranslation();
  return <Chip size="small" color={ALARM_STATE_COLOURS[state]} variant={state === 'resolved' ? 'outlined' : 'filled'} label={t(`alarms.states.${state}`)} />;
}

/** The colour legend by alarm type and state, and the signal-strength legend (SPEC section 2); `folded` until opened (on a phone). */
export function AlarmLegend({ folded = false }: { folded?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(!folded);
  return (
    <Paper variant="outlined" component="section" aria-label={t('alarms.legend.title')} sx={{ p: 2, mb: 2 }}>
      {folded && (
        <Button onClick={() => setOpen((current) => !current)} endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />} aria-expanded={open} sx={{ mb: open ? 1.5 : 0 }}>
          {t('alarms.legend.title')}
        </Button>
      )}
      <Collapse in={open}>
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: { xs: 1.5, md: 4 } }}>
          <Box>
            <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>{t('alarms.legend.types')}</Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
              {LISTED_ALARM_TYPES.map((type) => <Typography key={type} variant="body2"><AlarmTypeLabel type={type} /></Typography>)}
            </Stack>
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>{t('alarms.legend.states')}</Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
              {ALARM_STATES.map((state) => <AlarmStateChip key={state} state={state} />)}
            </Stack>
          </Box>
          <Box>
            <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>{t('alarms.legend.signal')}</Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
              {SIGNAL_BANDS.map(({ band, colour }) => (
                <Typography key={band} variant="body2" component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                  <Box component="span" aria-hidden sx={{ width: 14, height: 4, borderRadius: 1, bgcolor: colour }} />
                  {t(`alarms.legend.bands.${band}`)}
                </Typography>
              ))}
            </Stack>
          </Box>
        </Stack>
      </Collapse>
    </Paper>
  );
}
