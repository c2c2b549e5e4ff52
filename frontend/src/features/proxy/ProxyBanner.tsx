import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { getClientState, useClientState } from '../../session/clientState';
import { endProxy } from '../../session/proxySession';

const TICK_MS = 1_000;

/** mm:ss of what is left (never below zero). */
export function timeLeft(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Across the portal while a proxy session is active (issue 16 section 3): who acts for which
 * organisation, read-only or for changes, the time left, and one click to end it. At expiry it
 * ends by itself; either way the main user's stored values come back and they go to their landing.
 */
export function ProxyBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { proxy } = useClientState();
  const [now, setNow] = useState(() => Date.now());
  const ending = useRef(false);

  useEffect(() => {
    if (proxy === null) return undefined;
    ending.current = false;
    // The banner stays mounted between proxies: the count starts from now, not from the last tick.
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [proxy]);

  const end = async () => {
    if (ending.current) return;
    ending.current = true;
    await endProxy();
    navigate(getClientState().role === 'helpdesk' ? '/app/helpdesk' : '/app/dashboard');
  };

  const left = proxy === null ? 0 : proxy.expiresAt - now;
  useEffect(() => {
    if (proxy !== null && left <= 0) void end();
  }, [proxy, left]);

  if (proxy === null) return null;
  return (
    <Alert
      severity={proxy.mode === 'write' ? 'warning' : 'info'}
      role="status"
      sx={{ mb: 2 }}
      action={<Button color="inherit" size="small" onClick={() => void end()}>{t('proxy.end')}</Button>}
    >
      {proxy.locationName === undefined
        ? t('proxy.banner', { actor: proxy.actorEmail, organisation: proxy.organisationName, time: timeLeft(left) })
        : t('proxy.bannerLocation', { actor: proxy.actorEmail, location: proxy.locationName, time: timeLeft(left) })}
      {' '}
      {t(proxy.mode === 'write' ? 'proxy.modeWrite' : 'proxy.modeRead')}
    </Alert>
  );
}
