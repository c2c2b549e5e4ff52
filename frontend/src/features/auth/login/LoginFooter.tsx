import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { APP_VERSION } from '@domain/core/app-config';

/** The login screens' footer: privacy policy, terms, and the app version (SPEC section 2). */
export function LoginFooter() {
  const { t } = useTranslation();
  return (
    <Stack component="footer" direction="row" spacing={2} sx={{ mt: 'auto', py: 2, alignItems: 'center', justifyContent: 'center' }}>
      <Link component={RouterLink} to="/privacyPolicy" variant="body2">
        {t('login.privacyPolicy')}
      </Link>
      <Link component={RouterLink} to="/termsCondition" variant="body2">
        {t('login.termsCondition')}
      </Link>
      <Typography variant="body2" color="text.secondary">
        {t('app.version', { version: APP_VERSION })}
      </Typography>
    </Stack>
  );
}
