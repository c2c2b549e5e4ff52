import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { DEFAULT_ADMIN_CONTACT_EMAIL } from '@domain/core/app-config';
import { useWebAppConfig } from '../../config/webAppConfig';
import { LoginFooter } from '../auth';

/** /login/redirect: the no-access message, the administrator contact, footer links and version (SPEC section 2). */
export default function NoAccessRedirectPage() {
  const { t } = useTranslation();
  const { adminContactEmail } = useWebAppConfig();
  const email = adminContactEmail || DEFAULT_ADMIN_CONTACT_EMAIL;
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', bgcolor: 'background.default' }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 480, p: 4, mt: { xs: 2, sm: 8 } }}>
        <Typography variant="h5" component="p" color="primary" sx={{ fontWeight: 600, mb: 1 }}>
          {t('app.name')}
        </Typography>
        <Typography variant="h6" component="h1" sx={{ mb: 2 }}>
          {t('sso.noAccessTitle')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t('messages.noAccessRedirect')}</Typography>
        <Typography sx={{ mb: 3 }}>
          {t('sso.adminContact')}{' '}
          <Link href={`mailto:${email}`}>{email}</Link>
        </Typography>
        <Link component={RouterLink} to="/login" variant="body2">
          {t('sso.backToLogin')}
        </Link>
      </Paper>
      <LoginFooter />
    </Box>
  );
}
