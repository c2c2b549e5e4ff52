import { useEffect, useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { preloadInstance, useTodayInstances, type TodayInstance } from '../../../api/haccp';
import { useErrorText } from '../../../components/useErrorText';
import { useFormatters } from '../../../i18n/formatters';
import { windowText } from './windowText';
import { HaccpAccess } from './HaccpAccess';
import { PendingAnswersBadge } from './PendingAnswersBadge';
import { StateChip } from './StateChip';
import { byUrgency, isOpen } from './todayOrder';
import { useAnswerQueue } from './useAnswerQueue';

/** How many open checklists are fetched ahead for offline use: a shift's, not a week's. */
const PRELOAD_LIMIT = 10;

export const fillPath = (id: string) => `/app/haccp/fill/${encodeURIComponent(id)}`;

function InstanceCard({ instance }: { instance: TodayInstance }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const place = [instance.siteName, instance.shiftName].filter((part) => part !== '').join(' · ');
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      <CardActionArea component={RouterLink} to={fillPath(instance.id)} sx={{ p: 2, minHeight: 72 }} aria-label={t('haccpFilling.openChecklist', { name: instance.checklistName })}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>{instance.checklistName}</Typography>
            {place !== '' && <Typography variant="body2" color="text.secondary">{place}</Typography>}
            <Typography variant="body2">{t('haccpFilling.window', { window: windowText(instance, format) })}</Typography>
            <Typography variant="body2" color="text.secondary">{t('haccpFilling.answeredOf', { answered: instance.answeredCount, total: instance.questionCount })}</Typography>
          </Box>
          <StateChip state={instance.state} />
        </Stack>
      </CardActionArea>
    </Card>
  );
}

/** "Today" (issue 15 section 2): the checklists due for the user's shifts and sites, most urgent first. */
function TodayPageContent() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const today = useTodayInstances();
  const queue = useAnswerQueue();
  const instances = useMemo(() => byUrgency(today.data ?? []), [today.data]);

  // The open ones, ahead: a checklist opened after the Wi-Fi dropped still has its questions.
  useEffect(() => {
    for (const instance of instances.filter((entry) => isOpen(entry.state)).slice(0, PRELOAD_LIMIT)) preloadInstance(instance.id);
    if (instances.some((entry) => isOpen(entry.state))) import('./FillPage').catch(() => undefined);
  }, [instances]);

  return (
    <Box sx={{ maxWidth: 720, mx: 'auto' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="h1">{t('haccpFilling.todayTitle')}</Typography>
        <PendingAnswersBadge queue={queue} />
      </Stack>
      {today.error !== undefined && <Alert severity={today.data === undefined ? 'error' : 'warning'} sx={{ mb: 2 }}>{today.data === undefined ? errorText(today.error) : t('haccpFilling.showingLastKnown')}</Alert>}
      {today.data === undefined && today.error === undefined && <CircularProgress aria-label={t('haccpFilling.loading')} />}
      {today.data !== undefined && instances.length === 0 && <Typography>{t('haccpFilling.nothingDue')}</Typography>}
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label={t('haccpFilling.todayTitle')}>
        {instances.map((instance) => <InstanceCard key={instance.id} instance={instance} />)}
      </Stack>
    </Box>
  );
}

export default function TodayPage() {
  return <HaccpAccess><TodayPageContent /></HaccpAccess>;
}
