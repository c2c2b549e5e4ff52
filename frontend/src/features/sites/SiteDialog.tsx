import { useId, useMemo, useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fileProblem, siteInputSchema, type Site, type SiteFormValues, type SiteInput } from '@domain/organisation/site';
import { ApiError } from '../../api/ApiError';
import { useMessageText } from '../../i18n/messages';
import { TimeZoneField } from '../../components/TimeZoneField';
import { formFieldOf, useErrorText } from '../../components/useErrorText';
import { timeZones } from '../users';

export interface LocationOption {
  id: string;
  label: string;
}

export interface SiteDialogProps {
  /** The site being edited; none to add one. */
  site?: Site;
  /** The locations a site may be in (the organisation's own that the user sees). */
  locations: readonly LocationOption[];
  /** Saves the fields, then the PDF chosen (if any); throws (an ApiError) when the API refuses. */
  onSave(input: SiteInput, document: File | null): Promise<void>;
  /** Downloads the PDF already uploaded. */
  onDownload?(): void;
  onClose(): void;
}

type Field = FieldPath<SiteFormValues>;
/** The fields an API refusal may name. */
const SITE_FORM_FIELDS = ['name', 'siteId', 'locationIds', 'haccpSubscriptionEnd', 'monitoringSubscriptionEnd'] as const satisfies readonly Field[];

const text = (value: string | undefined) => value ?? '';

function defaults(site: Site | undefined): SiteFormValues {
  return {
    name: text(site?.name),
    siteId: text(site?.siteId),
    locationIds: site?.locationIds ?? [],
    timezone: site?.timezone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'),
    address: text(site?.address),
    city: text(site?.city),
    state: text(site?.state),
    country: text(site?.country),
    postalCode: text(site?.postalCode),
    latitude: site?.latitude === undefined ? '' : String(site.latitude),
    longitude: site?.longitude === undefined ? '' : String(site.longitude),
    adminName: text(site?.adminName),
    adminEmail: text(site?.adminEmail),
    adminPhone: text(site?.adminPhone),
    billingName: text(site?.billingName),
    billingEmail: text(site?.billingEmail),
    billingPhone: text(site?.billingPhone),
    billingAddressSameAsSite: site?.billingAddressSameAsSite ?? false,
    billingAddress: {
      address: site?.billingAddressSameAsSite ? '' : text(site?.billingAddress?.address),
      city: site?.billingAddressSameAsSite ? '' : text(site?.billingAddress?.city),
      state: site?.billingAddressSameAsSite ? '' : text(site?.billingAddress?.state),
      country: site?.billingAddressSameAsSite ? '' : text(site?.billingAddress?.country),
      postalCode: site?.billingAddressSameAsSite ? '' : text(site?.billingAddress?.postalCode),
    },
    haccpSubscriptionStart: text(site?.haccpSubscriptionStart),
    haccpSubscriptionEnd: text(site?.haccpSubscriptionEnd),
    monitoringSubscriptionStart: text(site?.monitoringSubscriptionStart),
    monitoringSubscriptionEnd: text(site?.monitoringSubscriptionEnd),
    installationDate: text(site?.installationDate),
    taxExempt: site?.taxExempt ?? false,
    retainAdditionalFieldAnswers: site?.retainAdditionalFieldAnswers ?? false,
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Grid size={12}>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>{title}</Typography>
      </Grid>
      {children}
    </>
  );
}

/**
 * Add or edit a site with every field of SPEC section 3, on the domain schema (section 5's
 * rules and messages), and its PDF of at most 2 MB.
 */
export function SiteDialog({ site, locations, onSave, onDownload, onClose }: SiteDialogProps) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const errorText = useErrorText();
  const titleId = useId();
  const zones = useMemo(() => timeZones(), []);
  const [document, setDocument] = useState<File | null>(null);
  const [documentError, setDocumentError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SiteFormValues, unknown, SiteInput>({
    resolver: zodResolver(siteInputSchema),
    mode: 'onChange',
    defaultValues: defaults(site),
  });
  const sameAsSite = useWatch({ control, name: 'billingAddressSameAsSite' }) === true;

  const errorAt = (path: Field): string | undefined => {
    const node = path.split('.').reduce<unknown>((current, part) => (current as Record<string, unknown> | undefined)?.[part], errors);
    const message = (node as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' ? messageText(message) : undefined;
  };

  const field = (path: Field, options: { required?: boolean; type?: 'date' | 'email' | 'tel'; half?: boolean; disabled?: boolean } = {}) => {
    const message = errorAt(path);
    const label = t(`sites.fields.${path.replace('billingAddress.', 'billing.')}` as 'sites.fields.name');
    return (
      <Grid key={path} size={{ xs: 12, sm: options.half === false ? 12 : 6 }}>
        <TextField
          {...register(path)}
          label={label}
          required={options.required ?? false}
          disabled={options.disabled ?? false}
          type={options.type ?? 'text'}
          fullWidth
          margin="dense"
          autoComplete="off"
          {...(options.type === 'date' ? { slotProps: { inputLabel: { shrink: true } } } : {})}
          error={message !== undefined}
          helperText={message ?? ' '}
        />
      </Grid>
    );
  };

  const chooseDocument = (file: File | undefined) => {
    if (file === undefined) return;
    const problem = fileProblem(file);
    setDocumentError(problem === undefined ? null : messageText(problem));
    setDocument(problem === undefined ? file : null);
  };

  const submit = async (input: SiteInput) => {
    try {
      await onSave(input, document);
    } catch (error) {
      const path = formFieldOf(error, SITE_FORM_FIELDS);
      if (path !== undefined) setError(path, { type: 'server', message: errorText(error) });
      if (error instanceof ApiError && (error.code === 'documentTooLarge' || error.code === 'documentNotPdf')) {
        setDocumentError(errorText(error));
      }
    }
  };

  const locationsError = errorAt('locationIds');
  const timezoneError = errorAt('timezone');

  return (
    <Dialog open onClose={isSubmitting ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <DialogTitle id={titleId}>{t(site ? 'sites.editTitle' : 'sites.addTitle')}</DialogTitle>
        <DialogContent>
          <Grid container columnSpacing={2}>
            <Section title={t('sites.sections.general')}>
              {field('name', { required: true })}
              {field('siteId')}
              <Grid size={{ xs: 12, sm: 6 }}>
                <Controller
                  control={control}
                  name="locationIds"
                  render={({ field: { value, onChange, onBlur } }) => {
                    const ids = Array.isArray(value) ? (value as string[]) : [];
                    const selected = ids.map((id) => locations.find((option) => option.id === id) ?? { id, label: id });
                    return (
                      <Autocomplete<LocationOption, true>
                        multiple
                        options={[...locations]}
                        value={selected}
                        isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
                        onChange={(_event, chosen) => onChange(chosen.map((option) => option.id))}
                        onBlur={onBlur}
                        renderInput={(params) => (
                          <TextField
                            {...params}
                            label={t('sites.fields.locationIds')}
                            required
                            margin="dense"
                            error={locationsError !== undefined}
                            helperText={locationsError ?? ' '}
                          />
                        )}
                      />
                    );
                  }}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TimeZoneField control={control} name="timezone" label={t('sites.fields.timezone')} options={zones} errorText={timezoneError} />
              </Grid>
              {field('installationDate', { type: 'date' })}
            </Section>
            <Section title={t('sites.sections.address')}>
              {field('address', { half: false })}
              {field('city')}
              {field('state')}
              {field('country')}
              {field('postalCode')}
              {field('latitude')}
              {field('longitude')}
            </Section>
            <Section title={t('sites.sections.administrator')}>
              {field('adminName')}
              {field('adminEmail', { type: 'email' })}
              {field('adminPhone', { type: 'tel' })}
            </Section>
            <Section title={t('sites.sections.billing')}>
              {field('billingName')}
              {field('billingEmail', { type: 'email' })}
              {field('billingPhone', { type: 'tel' })}
              <Grid size={12}>
                <Controller
                  control={control}
                  name="billingAddressSameAsSite"
                  render={({ field: { value, onChange } }) => (
                    <FormControlLabel
                      control={<Checkbox checked={value === true} onChange={(event) => onChange(event.target.checked)} />}
                      label={t('sites.fields.billingAddressSameAsSite')}
                    />
                  )}
                />
              </Grid>
              {!sameAsSite && (
                <>
                  {field('billingAddress.address', { required: true, half: false })}
                  {field('billingAddress.city', { required: true })}
                  {field('billingAddress.state', { required: true })}
                  {field('billingAddress.country', { required: true })}
                  {field('billingAddress.postalCode', { required: true })}
                </>
              )}
            </Section>
            <Section title={t('sites.sections.subscriptions')}>
              {field('haccpSubscriptionStart', { type: 'date' })}
              {field('haccpSubscriptionEnd', { type: 'date' })}
              {field('monitoringSubscriptionStart', { type: 'date' })}
              {field('monitoringSubscriptionEnd', { type: 'date' })}
            </Section>
            <Section title={t('sites.sections.options')}>
              {(['taxExempt', 'retainAdditionalFieldAnswers'] as const).map((name) => (
                <Grid key={name} size={12}>
                  <Controller
                    control={control}
                    name={name}
                    render={({ field: { value, onChange } }) => (
                      <FormControlLabel
                        control={<Switch checked={value === true} onChange={(event) => onChange(event.target.checked)} />}
                        label={t(`sites.fields.${name}`)}
                      />
                    )}
                  />
                </Grid>
              ))}
            </Section>
            <Section title={t('sites.sections.document')}>
              <Grid size={12}>
                <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: { sm: 'center' } }}>
                  <Button component="label" variant="outlined" startIcon={<UploadIcon />}>
                    {t('sites.document.choose')}
                    <input
                      hidden
                      type="file"
                      accept="application/pdf,.pdf"
                      aria-label={t('sites.document.choose')}
                      onChange={(event) => chooseDocument(event.target.files?.[0])}
                    />
                  </Button>
                  <Typography variant="body2">
                    {document?.name ?? site?.document?.fileName ?? t('sites.document.none')}
                  </Typography>
                  {document === null && site?.document && onDownload && (
                    <Button size="small" startIcon={<DownloadIcon />} onClick={onDownload}>{t('sites.document.download')}</Button>
                  )}
                </Stack>
                <FormHelperText error={documentError !== null}>
                  {documentError ?? t('sites.document.hint')}
                </FormHelperText>
              </Grid>
            </Section>
          </Grid>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isSubmitting}>{t('sites.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>{t('sites.save')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
