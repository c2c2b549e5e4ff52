import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useAvailableReports } from './availableReports';
import { REPORT_HISTORY_PATH, reportPath, VERIFY_PATH } from './paths';

/**
 * The Reports menu (SPEC section 2 "Reports"): the catalogue's reports the user may run, by
 * name, each opening its form; Report History and the file check beside them. The Portal Audit
 * screen of before stays one link away for those who may run the Portal Audit.
 */
export default function ReportsMenuPage() {
  const { t } = useTranslation();
  const reports = useAvailableReports();
  return (
    <Box sx={{ maxWidth: 720 }}>
      <Typography variant="h5" component="h1">{t('reports.menu.title')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 2 }}>{t('reports.menu.intro')}</Typography>
      <Paper variant="outlined">
        {reports.length === 0
          ? <Typography sx={{ p: 2 }}>{t('reports.menu.none')}</Typography>
          : (
            <List aria-label={t('reports.menu.title')} disablePadding>
              {reports.map((id) => (
                <ListItemButton key={id} component={RouterLink} to={reportPath(id)} divider>
                  <ListItemText primary={t(`reports.names.${id}`)} />
                </ListItemButton>
              ))}
            </List>
          )}
      </Paper>
      <Stack sx={{ mt: 2, gap: 1 }}>
        <Link component={RouterLink} to={REPORT_HISTORY_PATH}>{t('reports.menu.history')}</Link>
        <Link component={RouterLink} to={VERIFY_PATH}>{t('reports.menu.verify')}</Link>
      </Stack>
    </Box>
  );
}
