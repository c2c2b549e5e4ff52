import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { OrganisationCreateInput, OrganisationInput, OrganisationWithCounts } from '@domain/organisation/organisation';
import { createOrganisation, setOrganisationStatus, updateOrganisation, useCustomerGroups, useOrganisations } from '../../../api/superadmin';
import { useErrorText } from '../../../components/useErrorText';
import { StartProxyButton } from '../../proxy';
import { NewOrganisationDialog, OrganisationDialog } from './OrganisationDialog';

const COUNTS = ['sites', 'users', 'sensors', 'gateways', 'activeAlarms'] as const;

/**
 * The super-administrator's console of organisations (issue 16 section 1): every organisation
 * with its counts, searched by name; a new one with its first administrator (invited by
 * email); disabling one (its users cannot sign in, its devices are not heard) and enabling it.
 */
export default function OrganisationsPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { enqueueSnackbar } = useSnackbar();
  const [search, setSearch] = useState('');
  const organisations = useOrganisations(search);
  const groups = useCustomerGroups();
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<OrganisationWithCounts | null>(null);

  /** Saves the edit; a refusal is toasted and rethrown, so the dialog stays open with it under its field. */
  const saveEdit = async (input: OrganisationInput) => {
    if (editing === null) return;
    try {
      const saved = await updateOrganisation(editing.customerId, input);
      enqueueSnackbar(t('superadminOrganisations.updated', { name: saved.name }), { variant: 'success' });
    } catch (failure) {
      enqueueSnackbar(errorText(failure), { variant: 'error' });
      throw failure;
    }
    setEditing(null);
    await organisations.mutate();
  };

  const toggle = async (organisation: OrganisationWithCounts) => {
    setBusy(true);
    try {
      const status = organisation.status === 'disabled' ? 'active' : 'disabled';
      await setOrganisationStatus(organisation.customerId, status);
      enqueueSnackbar(t(status === 'disabled' ? 'superadminOrganisations.disabled' : 'superadminOrganisations.enabled', { name: organisation.name }), { variant: 'success' });
      await organisations.mutate();
    } catch (failure) {
      enqueueSnackbar(errorText(failure), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  /** Creates and invites; a refusal is toasted and rethrown, so the dialog stays open with it under its field. */
  const create = async (input: OrganisationCreateInput) => {
    try {
      const created = await createOrganisation(input);
      enqueueSnackbar(t('superadminOrganisations.created', { name: created.name, email: input.administrator.email }), { variant: 'success' });
    } catch (failure) {
      enqueueSnackbar(errorText(failure), { variant: 'error' });
      throw failure;
    }
    setAdding(false);
    await organisations.mutate();
  };

  return (
    <>
      <Stack direction="row" sx={{ mb: 2, alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">{t('superadminOrganisations.title')}</Typography>
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
          <TextField label={t('superadminOrganisations.search')} value={search} onChange={(event) => setSearch(event.target.value)} size="small" />
          <Button variant="contained" onClick={() => setAdding(true)}>{t('superadminOrganisations.add')}</Button>
        </Stack>
      </Stack>
      {organisations.error ? <Alert severity="error">{errorText(organisations.error)}</Alert> : null}
      {/* A phone scrolls the table sideways rather than squeezing its counts. */}
      <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('superadminOrganisations.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('superadminOrganisations.fields.name')}</TableCell>
            <TableCell>{t('superadminOrganisations.status')}</TableCell>
            {COUNTS.map((count) => (
              <TableCell key={count} align="right">{t(`superadminOrganisations.counts.${count}`)}</TableCell>
            ))}
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {(organisations.data ?? []).map((organisation) => (
            <TableRow key={organisation.customerId}>
              <TableCell>{organisation.name}</TableCell>
              <TableCell>
                <Chip size="small" color={organisation.status === 'disabled' ? 'default' : 'success'} label={t(`superadminOrganisations.statuses.${organisation.status}`)} />
              </TableCell>
              {COUNTS.map((count) => <TableCell key={count} align="right">{organisation.counts[count]}</TableCell>)}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Button size="small" aria-label={t('catalog.editItem', { name: organisation.name })} onClick={() => setEditing(organisation)}>
                  {t('superadminOrganisations.edit')}
                </Button>
                <Button size="small" disabled={busy} onClick={() => void toggle(organisation)}>
                  {t(organisation.status === 'disabled' ? 'superadminOrganisations.enable' : 'superadminOrganisations.disable', { name: organisation.name })}
                </Button>
                {/* Proxy login: nobody acts for a disabled organisation (the API refuses it too). */}
                {organisation.status === 'disabled' ? null : <StartProxyButton customerId={organisation.customerId} organisationName={organisation.name} />}
              </TableCell>
            </TableRow>
          ))}
          {organisations.data?.length === 0 ? (
            <TableRow><TableCell colSpan={8}>{t('superadminOrganisations.empty')}</TableCell></TableRow>
          ) : null}
        </TableBody>
      </Table>
      </Box>
      {editing !== null && (
        <OrganisationDialog organisation={editing} groups={groups.data ?? []} onSave={saveEdit} onClose={() => setEditing(null)} />
      )}
      {adding && <NewOrganisationDialog groups={groups.data ?? []} onSave={create} onClose={() => setAdding(false)} />}
    </>
  );
}
