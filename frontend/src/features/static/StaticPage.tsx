import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useWebAppConfig } from '../../config/webAppConfig';
import { LanguageMenu } from '../../components/LanguageMenu';

/** The static pages of SPEC section 2, each a title and a few paragraphs in the catalogues. */
export type StaticPageName = 'privacyPolicy' | 'termsCondition' | 'support' | 'salestc';

const PARAGRAPHS = ['p1', 'p2', 'p3'] as const;

export const STATIC_PAGE_PATHS: Record<StaticPageName, string> = {
  privacyPolicy: '/privacyPolicy',
  termsCondition: '/termsCondition',
  support: '/support',
  salestc: '/salestc',
};

/** /privacyPolicy, /termsCondition, /support, /salestc: open to everyone, signed in or not. */
export default function StaticPage({ page }: { page: StaticPageName }) {
  const { t } = useTranslation();
  const { adminContactEmail, version } = useWebAppConfig();
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default', px: 2, pb: 4 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', py: 1, maxWidth: 800, mx: 'auto' }}>
        <Link component={RouterLink} to="/app" underline="hover" sx={{ fontWeight: 600 }}>
          {t('app.name')}
        </Link>
        <LanguageMenu color="primary" />
      </Box>
      <Paper variant="outlined" component="article" sx={{ maxWidth: 800, mx: 'auto', p: { xs: 2, sm: 4 } }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {t(`static.${page}.title`)}
        </Typography>
        {PARAGRAPHS.map((paragraph) => (
          <Typography key={paragraph} sx={{ mb: 2 }}>
            {t(`static.${page}.${paragraph}`, { email: adminContactEmail })}
          </Typography>
        ))}
        <Typography variant="body2" color="text.secondary">
          {t('static.contact', { email: adminContactEmail })}
        </Typography>
      </Paper>
      <Stack direction="row" spacing={2} component="nav" aria-label={t('static.links')} sx={{ justifyContent: 'center', mt: 2 }}>
        {(Object.keys(STATIC_PAGE_PATHS) as StaticPageName[])
          .filter((other) => other !== page)
          .map((other) => (
            <Link key={other} component={RouterLink} to={STATIC_PAGE_PATHS[other]} variant="body2">
              {t(`static.${other}.title`)}
            </Link>
          ))}
        <Typography variant="body2" color="text.secondary">
          {t('app.version', { version })}
        </Typography>
      </Stack>
    </Box>
  );
}
