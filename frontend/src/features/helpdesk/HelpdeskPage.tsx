import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useClientState } from '../../app/clientState';
import { Panel } from '../../components/Panel';
import { useCurrentUser } from '../auth/useAuth';

/** The helpdesk role's landing (SPEC section 2: /app/helpdesk); its tools come later. */
export default function HelpdeskPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { profileName } = useClientState();
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('helpdesk.title')}
      </Typography>
      <Panel title={t('helpdesk.welcomeTitle')} options={false} reload={false} close={false}>
        <Typography variant="h6" component="p" sx={{ mb: 1 }}>
          {t('dashboard.welcome', { email: profileName ?? user.email })}
        </Typography>
        <Typography color="text.secondary">{t('helpdesk.intro')}</Typography>
      </Panel>
    </>
  );
}
