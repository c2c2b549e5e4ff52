import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import type { LoginVariant } from '../../api/identity';
import { useWebAppConfig } from '../../config/webAppConfig';
import { leaveTo } from './browserLocation';
import { authorizeUrl } from './ssoUrls';

/**
 * /login/sso/{clientId} and /login/sso/helpdesk/{clientId}: sends the browser to the identity
 * provider mapped to the client id. An unknown id does nothing; the message stays (SPEC section 2).
 */
export default function SsoRedirectPage({ variant }: { variant: LoginVariant }) {
  const { t } = useTranslation();
  const { clientId } = useParams();
  const config = useWebAppConfig();
  const status = useRef<HTMLElement>(null);

  useEffect(() => {
    const url = authorizeUrl(config, clientId, variant, window.location.origin);
    if (url !== null) leaveTo(url);
    // A test hook, shown to nobody: the client id has been looked up (an unknown one stays here).
    status.current?.setAttribute('data-sso-checked', '');
  }, [clientId, config, variant]);

  return (
    <Box ref={status} component="main" role="status" aria-live="polite" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
        <CircularProgress aria-hidden />
        <Typography>{t('sso.redirecting')}</Typography>
      </Box>
    </Box>
  );
}
