import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useClientState } from '../../app/clientState';
import { Panel } from '../../components/Panel';
import { useCurrentUser } from '../auth/useAuth';

/** The default landing (SPEC section 2); the dashboards themselves come later. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { profileName, tenantName } = useClientState();
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('dashboard.title')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Panel title={t('dashboard.welcomeTitle')} options={false} reload={false}>
            <Typography variant="h6" component="p" sx={{ mb: 1 }}>
              {t('dashboard.welcome', { email: profileName ?? user.email })}
            </Typography>
            {tenantName !== null && (
              <Typography color="text.secondary" sx={{ mb: 1 }}>
                {t('dashboard.organisation', { name: tenantName })}
              </Typography>
            )}
            <Typography color="text.secondary">{t('dashboard.intro')}</Typography>
          </Panel>
        </Grid>
      </Grid>
    </>
  );
}
