import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** What shows while a lazy screen or the session loads. */
export function FullPageLoader({ fill = true }: { fill?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'grid', placeItems: 'center', minHeight: fill ? '100vh' : 240, width: '100%' }}
    >
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  );
}
