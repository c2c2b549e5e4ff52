import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import type { Site } from '@domain/organisation/site';
import { useErrorText } from '../../components/useErrorText';
import { siteDevices, siteUsers } from '../../api/sites';

/** A site's devices and users (SPEC section 2: "Sites (with devices and users)"). */
export function SiteDetailsDialog({ site, onClose }: { site: Site; onClose(): void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const titleId = useId();
  const devices = useSWR(['site-devices', site.id], ([, id]) => siteDevices(id));
  const users = useSWR(['site-users', site.id], ([, id]) => siteUsers(id));
  const failure = devices.error ?? users.error;

  const group = (heading: string, entries: { key: string; primary: string; secondary?: string }[] | undefined, empty: string) => (
    <>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>{heading}</Typography>
      {entries !== undefined && entries.length === 0 && <Typography variant="body2" color="text.secondary">{empty}</Typography>}
      <List dense aria-label={heading}>
        {(entries ?? []).map((entry) => (
          <ListItem key={entry.key}><ListItemText primary={entry.primary} secondary={entry.secondary} /></ListItem>
        ))}
      </List>
    </>
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('sites.detailsTitle', { name: site.name })}</DialogTitle>
      <DialogContent>
        {(devices.isLoading || users.isLoading) && <LinearProgress />}
        {failure !== undefined && <Alert severity="error">{errorText(failure)}</Alert>}
        {group(t('sites.sensors'), devices.data?.sensors.map((sensor) => ({ key: sensor.id, primary: sensor.name })), t('sites.noSensors'))}
        {group(t('sites.gateways'), devices.data?.gateways.map((gateway) => ({ key: gateway.id, primary: gateway.name })), t('sites.noGateways'))}
        {group(
          t('sites.users'),
          users.data?.map((user) => ({ key: user.accountId, primary: `${user.firstName} ${user.lastName}`.trim() || user.email, secondary: user.email })),
          t('sites.noUsers'),
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('sites.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
