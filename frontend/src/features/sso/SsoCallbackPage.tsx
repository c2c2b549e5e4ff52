import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { WebAppConfig } from '@domain/core/app-config';
import { storeFederatedTokens, type FederatedTokens, type LoginVariant } from '../../api/identity';
import { useWebAppConfig } from '../../config/webAppConfig';
import { useAuth } from '../../session/useAuth';
import { readCallback, tokenRequestBody, tokensFromTokenResponse, tokenUrl } from './ssoUrls';

export const NO_ACCESS_PATH = '/login/redirect';

async function exchangeCode(config: WebAppConfig, code: string): Promise<FederatedTokens | null> {
  const response = await fetch(tokenUrl(config), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: tokenRequestBody(config, code, window.location.origin),
  });
  if (!response.ok) return null;
  return tokensFromTokenResponse(await response.json());
}

/**
 * /login/callback: exchanges the code (normal SSO) or takes the tokens from the address
 * (helpdesk SSO), stores them, and hands over to the shell; every failure goes to the
 * no-access page (SPEC sections 2, 4).
 */
export default function SsoCallbackPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const config = useWebAppConfig();
  const { completeSignIn } = useAuth();
  // A code is good for one exchange: never twice, even when the effect runs again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = () => navigate(NO_ACCESS_PATH, { replace: true });
    const run = async () => {
      const input = readCallback(location.search, location.hash);
      let tokens: FederatedTokens | null = null;
      let variant: LoginVariant = 'normal';
      if (input.kind === 'tokens') {
        tokens = input.tokens;
        variant = 'helpdesk';
      } else if (input.kind === 'code') {
        tokens = await exchangeCode(config, input.code);
      }
      if (tokens === null) return fail();
      storeFederatedTokens(tokens, variant);
      const result = await completeSignIn({ variant, sso: true });
      if (result === 'failed') fail();
    };
    run().catch((error: unknown) => {
      console.warn('SSO sign-in failed', error);
      fail();
    });
  }, [completeSignIn, config, location.hash, location.search, navigate]);

  return (
    <Box component="main" role="status" aria-live="polite" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
        <CircularProgress aria-hidden />
        <Typography>{t('sso.signingIn')}</Typography>
      </Box>
    </Box>
  );
}
