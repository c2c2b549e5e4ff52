import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useClientState } from '../../../session/clientState';
import { useCurrentUser } from '../../../session/useAuth';

/**
 * The filling pages for users with HACCP access (administrators without the flag too, as the
 * API allows). Anyone else reads why instead of calling the API: its 403 would end the session.
 */
export function HaccpAccess({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { haccpAvailable } = useClientState();
  const { role } = useCurrentUser();
  if (!haccpAvailable && role !== 'admin') return <Alert severity="info">{t('messages.haccpAccessRequired')}</Alert>;
  return children;
}
