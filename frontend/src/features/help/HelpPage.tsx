import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useWebAppConfig } from '../../config/webAppConfig';
import { Panel } from '../../components/Panel';
import { STATIC_PAGE_PATHS } from '../static';

/** Help (SPEC section 2): Contact Us and Documentation. */
export default function HelpPage() {
  const { t } = useTranslation();
  const { adminContactEmail, version } = useWebAppConfig();
  const panel = { options: false, reload: false, close: false } as const;
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('help.title')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Panel title={t('help.contactTitle')} {...panel}>
            <Typography sx={{ mb: 1 }}>{t('help.contactText')}</Typography>
            <Link href={`mailto:${adminContactEmail}`}>{adminContactEmail}</Link>
          </Panel>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Panel title={t('help.documentationTitle')} footer={t('app.version', { version })} {...panel}>
            <Typography sx={{ mb: 1 }}>{t('help.documentationText')}</Typography>
            <List dense disablePadding>
              <ListItem disableGutters>
                <Link component={RouterLink} to={STATIC_PAGE_PATHS.support}>{t('static.support.title')}</Link>
              </ListItem>
              <ListItem disableGutters>
                <Link component={RouterLink} to={STATIC_PAGE_PATHS.privacyPolicy}>{t('static.privacyPolicy.title')}</Link>
              </ListItem>
              <ListItem disableGutters>
                <Link component={RouterLink} to={STATIC_PAGE_PATHS.termsCondition}>{t('static.termsCondition.title')}</Link>
              </ListItem>
              <ListItem disableGutters>
                <Link component={RouterLink} to={STATIC_PAGE_PATHS.salestc}>{t('static.salestc.title')}</Link>
              </ListItem>
            </List>
          </Panel>
        </Grid>
      </Grid>
    </>
  );
}
