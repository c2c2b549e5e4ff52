import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { ORGANISATION_READERS } from '@domain/identity/roles';
import { DASHBOARD_PANELS, type DashboardPreferences } from '@domain/identity/settings';
import { useErrorText } from '../../components/useErrorText';
import { saveDashboardPreferences, useDashboardPreferences } from '../../api/settings';
import { useUserViews } from '../../api/userViews';
import { FullPageLoader } from '../../components/FullPageLoader';
import { useCurrentUser } from '../../session/useAuth';

const ALL_SITES = '';

/** Settings > Dashboard Preferences: which panels the dashboard shows and the user view it opens with. */
export default function DashboardPreferencesPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const saved = useDashboardPreferences();
  const user = useCurrentUser();
  const views = useUserViews(user.role !== null && ORGANISATION_READERS.includes(user.role));
  const [draft, setDraft] = useState<DashboardPreferences | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (saved.data !== undefined) setDraft(saved.data);
  }, [saved.data]);

  if (draft === null) return saved.error ? <Typography color="error">{errorText(saved.error)}</Typography> : <FullPageLoader />;

  const toggle = (panel: (typeof DASHBOARD_PANELS)[number], shown: boolean) =>
    setDraft({ ...draft, panels: shown ? DASHBOARD_PANELS.filter((known) => known === panel || draft.panels.includes(known)) : draft.panels.filter((known) => known !== panel) });

  const save = async () => {
    setBusy(true);
    try {
      const stored = await saveDashboardPreferences(draft);
      await saved.mutate(stored, { revalidate: false });
      enqueueSnackbar(t('settings.dashboard.saved'), { variant: 'success' });
    } catch (failure) {
      enqueueSnackbar(errorText(failure), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('settings.dashboard.title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 640 }}>
        <Stack sx={{ gap: 2 }}>
          <FormGroup>
            <FormLabel component="legend">{t('settings.dashboard.panels')}</FormLabel>
            {DASHBOARD_PANELS.map((panel) => (
              <FormControlLabel
                key={panel}
                control={<Checkbox checked={draft.panels.includes(panel)} onChange={(event) => toggle(panel, event.target.checked)} />}
                label={t(`settings.dashboard.panel.${panel}`)}
              />
            ))}
          </FormGroup>
          <TextField
            select
            label={t('settings.dashboard.defaultView')}
            value={draft.defaultUserViewId ?? ALL_SITES}
            onChange={(event) => setDraft({ ...draft, defaultUserViewId: event.target.value === ALL_SITES ? null : event.target.value })}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value={ALL_SITES}>{t('settings.dashboard.allMySites')}</MenuItem>
            {(views.data ?? []).map((view) => <MenuItem key={view.id} value={view.id}>{view.name}</MenuItem>)}
          </TextField>
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button variant="contained" onClick={() => void save()} disabled={busy}>{t('catalog.save')}</Button>
          </Stack>
        </Stack>
      </Paper>
    </>
  );
}
