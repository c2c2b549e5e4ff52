import { memo, useCallback, useMemo, useState } from 'react';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ORGANISATION_READERS } from '@domain/identity/roles';
import type { DashboardPanel } from '@domain/identity/settings';
import { useAlarmOverview } from '../../api/dashboard';
import { useDashboardPreferences } from '../../api/settings';
import { useSites } from '../../api/sites';
import { useUserViews } from '../../api/userViews';
import { useClientState } from '../../session/clientState';
import { useRole } from '../../session/access';
import { FullPageLoader } from '../../components/FullPageLoader';
import { MountWhenNearView } from '../../components/MountWhenNearView';
import { Panel } from '../../components/Panel';
import { useErrorText } from '../../components/useErrorText';
import { useCurrentUser } from '../../session/useAuth';
import { AlarmDashboardWidget as AlarmDashboardWidgetOf } from './AlarmDashboardWidget';
import { ChecklistExceptionsWidget as ChecklistExceptionsWidgetOf } from './ChecklistExceptionsWidget';
import { InsightWidget as InsightWidgetOf } from './InsightWidget';
import { SystemHealthWidget as SystemHealthWidgetOf } from './SystemHealthWidget';
import { TopAssetsWidget as TopAssetsWidgetOf } from './TopAssetsWidget';
import { WIDGET_CARDS, widgetCardPlaceSx } from './WidgetCard';

// Each widget renders again only when its own props or data change: the page's reads (the alarm
// overview, the sites) answering one after the other rendered all of them again each time, a
// main-thread cost on a phone's first load (docs/performance.md, the dashboard's sixth pass).
const AlarmDashboardWidget = memo(AlarmDashboardWidgetOf);
const ChecklistExceptionsWidget = memo(ChecklistExceptionsWidgetOf);
const InsightWidget = memo(InsightWidgetOf);
const SystemHealthWidget = memo(SystemHealthWidgetOf);
const TopAssetsWidget = memo(TopAssetsWidgetOf);

const ALL_SITES = '';

/** The columns each widget takes: the whole width on a phone, side by side from a medium screen up. */
const WIDGET_COLUMNS = {
  systemHealth: { xs: 12, md: 6, lg: 4 },
  alarmDashboard: { xs: 12, md: 6, lg: 8 },
  topAssetsInAlarm: { xs: 12, md: 6 },
  repeatAlarms: { xs: 12, md: 6 },
  insightDashboard: { xs: 12 },
  checklistExceptions: { xs: 12, md: 6 },
} as const satisfies Record<DashboardPanel, Record<string, number>>;

/** Helpdesk and super administrators have no organisation's fleet to watch: they keep the welcome card. */
function WelcomeCard() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { profileName, tenantName } = useClientState();
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 8 }}>
        <Panel title={t('dashboard.welcomeTitle')} options={false} reload={false}>
          <Typography variant="h6" component="p" sx={{ mb: 1 }}>
            {t('dashboard.welcome', { email: profileName ?? user.email })}
          </Typography>
          {tenantName !== null && (
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {t('dashboard.organisation', { name: tenantName })}
            </Typography>
          )}
        </Panel>
      </Grid>
    </Grid>
  );
}

/** The widgets the user's Dashboard Preferences select, in their order, for one user view (null: all the user's sites). */
function Widgets({ panels: chosenPanels, userViewId }: { panels: readonly DashboardPanel[]; userViewId: string | null }) {
  const { t } = useTranslation();
  // The checklist exceptions are HACCP's: not shown (nor asked of the API, which refuses them) without the organisation's module.
  const { organisationModules } = useClientState();
  const panels = organisationModules.isHaccapAvailable ? chosenPanels : chosenPanels.filter((panel) => panel !== 'checklistExceptions');
  const wantsAlarms = panels.some((panel) => panel === 'alarmDashboard' || panel === 'topAssetsInAlarm' || panel === 'repeatAlarms');
  // One read serves the three alarm widgets.
  const alarms = useAlarmOverview(userViewId, wantsAlarms);
  const sites = useSites();
  const siteNames = useMemo(() => new Map((sites.data ?? []).map((site) => [site.id, site.name])), [sites.data]);
  const siteName = useCallback((siteId: string) => siteNames.get(siteId) ?? t('dashboard.unknownSite'), [siteNames, t]);
  const { data: alarmData, error: alarmError, isLoading: alarmsLoading, mutate: reloadAlarms } = alarms;
  const overview = useMemo(
    () => ({ data: alarmData, error: alarmError, isLoading: alarmsLoading, reload: () => void reloadAlarms() }),
    [alarmData, alarmError, alarmsLoading, reloadAlarms],
  );
  if (panels.length === 0) {
    return (
      <Typography color="text.secondary">
        {t('dashboard.noPanels')} <Link component={RouterLink} to="/app/settings/dashboard">{t('dashboard.preferences')}</Link>
      </Typography>
    );
  }
  const widget = (panel: DashboardPanel) => {
    switch (panel) {
      case 'systemHealth':
        return <SystemHealthWidget userViewId={userViewId} />;
      case 'alarmDashboard':
        return <AlarmDashboardWidget userViewId={userViewId} overview={overview} siteName={siteName} />;
      case 'topAssetsInAlarm':
        return <TopAssetsWidget userViewId={userViewId} overview={overview} siteName={siteName} />;
      case 'repeatAlarms':
        return <TopAssetsWidget userViewId={userViewId} overview={overview} siteName={siteName} repeats />;
      case 'insightDashboard':
        return <InsightWidget userViewId={userViewId} />;
      case 'checklistExceptions':
        return <ChecklistExceptionsWidget userViewId={userViewId} />;
    }
  };
  // A card is built (and asks for its data) as it comes near the screen: on a phone most are below it.
  const cards = panels.map((panel) => (
    <Grid key={panel} size={WIDGET_COLUMNS[panel]}>
      <MountWhenNearView placeholderSx={widgetCardPlaceSx(WIDGET_CARDS[panel])}>{widget(panel)}</MountWhenNearView>
    </Grid>
  ));
  return <Grid container spacing={2}>{cards}</Grid>;
}

/** The organisation's dashboard for its staff: the user view chosen (the preferences' default first) and the widgets. */
function StaffDashboard() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const preferences = useDashboardPreferences();
  const views = useUserViews();
  const [chosen, setChosen] = useState<string | null | undefined>(undefined);
  const saved = preferences.data;
  if (saved === undefined) {
    return preferences.error ? <Typography color="error" role="alert">{errorText(preferences.error)}</Typography> : <FullPageLoader />;
  }
  const known = views.data?.some((view) => view.id === saved.defaultUserViewId) ?? true;
  // A default view deleted since it was chosen falls back to all the user's sites.
  const userViewId = chosen !== undefined ? chosen : known ? saved.defaultUserViewId : null;
  return (
    <Stack sx={{ gap: 2 }}>
      <TextField
        select size="small" label={t('dashboard.view')} value={userViewId ?? ALL_SITES}
        onChange={(event) => setChosen(event.target.value === ALL_SITES ? null : event.target.value)}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ width: { xs: '100%', sm: 320 } }}
      >
        <MenuItem value={ALL_SITES}>{t('dashboard.allMySites')}</MenuItem>
        {(views.data ?? []).map((view) => <MenuItem key={view.id} value={view.id}>{view.name}</MenuItem>)}
      </TextField>
      <Widgets panels={saved.panels} userViewId={userViewId} />
    </Stack>
  );
}

/** The default landing (SPEC section 2): the dashboard's widgets for organisation staff. */
export default function DashboardPage() {
  const { t } = useTranslation();
  // The stored role, not the token's: under a proxy a helpdesk user acts as the organisation's administrator.
  const role = useRole();
  const staff = role !== null && ORGANISATION_READERS.includes(role);
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('dashboard.title')}
      </Typography>
      {staff ? <StaffDashboard /> : <WelcomeCard />}
    </>
  );
}
