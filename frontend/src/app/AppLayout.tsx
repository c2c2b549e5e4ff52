import { Suspense, useState, type ComponentType, type ReactNode } from 'react';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { FullPageLoader } from '../components/FullPageLoader';
import { AREA_ROLES } from './areaRoles';
import { useClientState } from '../session/clientState';
import { useModuleVisible, useRole, useSeesWholeOrganisation } from '../session/access';
import { LocationSelector } from './LocationSelector';
import { visibleNavigation } from './navigation';
import { UserMenu } from './UserMenu';

const DRAWER_WIDTH = 240;

/** The features' parts of the shell, given by the route table: app/ knows features only through it. */
export interface ShellWidgets {
  /** Above every screen while a proxy session runs. */
  ProxyBanner: ComponentType;
  /** The count of active alarms around the Alarms icon. */
  AlarmsNavBadge: ComponentType<{ children: ReactNode }>;
}

function SideNavigation({ AlarmsNavBadge, onNavigate }: { AlarmsNavBadge: ShellWidgets['AlarmsNavBadge']; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const role = useRole();
  const audit = useModuleVisible('audit');
  const ivr = useModuleVisible('ivr');
  const { haccpAvailable, organisationModules } = useClientState();
  const seesWholeOrganisation = useSeesWholeOrganisation();
  const sections = visibleNavigation(role, (module) => (module === 'audit' ? audit : ivr), haccpAvailable, organisationModules, seesWholeOrganisation);
  return (
    <Box component="nav" aria-label={t('nav.label')}>
      {sections.map((section, index) => (
        <List
          key={section.heading ?? index}
          subheader={section.heading ? <ListSubheader component="div">{t(section.heading)}</ListSubheader> : undefined}
        >
          {section.items.map(({ path, label, icon: Icon, badge }) => (
            <ListItemButton
              key={path}
              component={NavLink}
              to={path}
              selected={pathname === path || pathname.startsWith(`${path}/`)}
              onClick={onNavigate}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                {badge === 'activeAlarms' ? <AlarmsNavBadge><Icon /></AlarmsNavBadge> : <Icon />}
              </ListItemIcon>
              <ListItemText primary={t(label)} />
            </ListItemButton>
          ))}
        </List>
      ))}
    </Box>
  );
}

/**
 * The signed-in shell: top bar (location and site, user menu), side navigation by role and
 * module, and the current (lazy) screen. It unmounts at logout, closing every dialog with it.
 */
export default function AppLayout({ widgets }: { widgets: ShellWidgets }) {
  const { ProxyBanner, AlarmsNavBadge } = widgets;
  const { t } = useTranslation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const role = useRole();
  // On a phone the navigation is folded away: its button carries the count of active alarms.
  const seesAlarms = role !== null && AREA_ROLES.alarms.includes(role);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label={t('nav.open')}
            onClick={() => setMobileOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            {seesAlarms ? <AlarmsNavBadge><MenuIcon /></AlarmsNavBadge> : <MenuIcon />}
          </IconButton>
          {/* On a phone the title wraps in a smaller size rather than being cut short (issue 17 item 6). */}
          <Typography
            variant="h6"
            component="p"
            sx={{
              flexGrow: 1,
              minWidth: 0,
              fontWeight: 600,
              whiteSpace: { xs: 'normal', sm: 'nowrap' },
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              fontSize: { xs: '1rem', sm: '1.25rem' },
              lineHeight: { xs: 1.2, sm: 1.6 },
            }}
          >
            {t('app.name')}
          </Typography>
          <LocationSelector />
          <UserMenu />
        </Toolbar>
      </AppBar>
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={() => setMobileOpen(false)}
        sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
      >
        <Toolbar />
        <LocationSelector inDrawer />
        <SideNavigation AlarmsNavBadge={AlarmsNavBadge} onNavigate={() => setMobileOpen(false)} />
      </Drawer>
      <Drawer
        variant="permanent"
        sx={{
          display: { xs: 'none', md: 'block' },
          width: DRAWER_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <Toolbar />
        <SideNavigation AlarmsNavBadge={AlarmsNavBadge} />
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 } }}>
        <Toolbar />
        <ProxyBanner />
        <Suspense fallback={<FullPageLoader fill={false} />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}

