import DashboardCustomizeIcon from '@mui/icons-material/DashboardCustomizeOutlined';
import DevicesIcon from '@mui/icons-material/DevicesOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import TranslateIcon from '@mui/icons-material/Translate';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useCurrentUser } from '../../session/useAuth';
import { SETTINGS_PAGES, type SettingsPageId } from './settingsPages';

const ICONS: Record<SettingsPageId, typeof PersonIcon> = {
  profile: PersonIcon,
  dashboard: DashboardCustomizeIcon,
  password: LockIcon,
  translations: TranslateIcon,
  sessions: DevicesIcon,
  help: HelpOutlineIcon,
};

/** Settings (SPEC section 2): the pages a user may open from here, by role. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const pages = SETTINGS_PAGES.filter((page) => user.role !== null && page.roles.includes(user.role));
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('settings.title')}
      </Typography>
      <Paper variant="outlined" sx={{ maxWidth: 640 }}>
        <List disablePadding aria-label={t('settings.title')}>
          {pages.map((page) => {
            const Icon = ICONS[page.id];
            return (
              <ListItemButton key={page.id} component={RouterLink} to={page.path} divider>
                <ListItemIcon><Icon /></ListItemIcon>
                <ListItemText primary={t(`settings.${page.id}.title`)} secondary={t(`settings.${page.id}.summary`)} />
              </ListItemButton>
            );
          })}
        </List>
      </Paper>
    </>
  );
}
