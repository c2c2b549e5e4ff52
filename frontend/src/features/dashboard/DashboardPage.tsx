import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../auth/useAuth';

/** The default landing (SPEC section 2); the dashboards themselves come later. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('dashboard.title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography variant="h6" component="p" sx={{ mb: 1 }}>
          {t('dashboard.welcome', { email: user.email })}
        </Typography>
        <Typography color="text.secondary">{t('dashboard.intro')}</Typography>
      </Paper>
    </>
  );
}
