import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Controller, FormProvider, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, UNITS_OF_MEASURE } from '@domain/identity/user';
import {
  organisationCreateSchema,
  organisationInputSchema,
  type CustomerGroup,
  type Organisation,
  type OrganisationCreateFormValues,
  type OrganisationCreateInput,
  type OrganisationFormValues,
  type OrganisationInput,
  type OrganisationModules,
} from '@domain/organisation/organisation';
import { FormDialog } from '../../../components/FormDialog';
import { FormTextField } from '../../../components/FormTextField';
import { SelectField } from '../../../components/SelectField';
import { TimeZoneField } from '../../../components/TimeZoneField';
import { useFormDialog } from '../../../components/useFormDialog';
import { timeZones } from '../../users';

const MODULES = ['isHaccapAvailable', 'enableAuditModule', 'enableIVR', 'enablePager'] as const satisfies readonly (keyof OrganisationModules)[];

/** The fields an API refusal may name (errors carry the field): shown under it. */
const FORM_FIELDS = ['name', 'address', 'city', 'state', 'country', 'postalCode', 'timezone', 'lang', 'uom', 'customerGroupId', 'subscriptionStart', 'subscriptionEnd'] as const;
const ADDRESS_FIELDS = ['address', 'city', 'state', 'country', 'postalCode'] as const;
const ADMINISTRATOR_FIELDS = ['firstName', 'lastName', 'email'] as const;

/** A new organisation's form as it opens: the defaults the API would take, no modules. */
const NEW_ORGANISATION: OrganisationCreateFormValues = {
  name: '', address: '', city: '', state: '', country: '', postalCode: '', timezone: 'Europe/London', lang: 'en', uom: 'C', customerGroupId: '',
  modules: { isHaccapAvailable: false, enableAuditModule: false, enableIVR: false, enablePager: false },
  subscriptionStart: '', subscriptionEnd: '',
  administrator: { firstName: '', lastName: '', email: '' },
};

export interface OrganisationDialogProps {
  organisation: Organisation;
  groups: readonly CustomerGroup[];
  /** Saves; throws (an ApiError) when the API refuses. */
  onSave(input: OrganisationInput): Promise<void>;
  onClose(): void;
}

export interface NewOrganisationDialogProps {
  groups: readonly CustomerGroup[];
  /** Creates and invites; throws (an ApiError) when the API refuses. */
  onSave(input: OrganisationCreateInput): Promise<void>;
  onClose(): void;
}

function defaults(organisation: Organisation): OrganisationFormValues {
  return {
    name: organisation.name,
    address: organisation.address ?? '',
    city: organisation.city ?? '',
    state: organisation.state ?? '',
    country: organisation.country ?? '',
    postalCode: organisation.postalCode ?? '',
    timezone: organisation.timezone,
    lang: organisation.lang,
    uom: organisation.uom,
    customerGroupId: organisation.customerGroupId ?? '',
    modules: { ...organisation.modules },
    subscriptionStart: organisation.subscriptionStart ?? '',
    subscriptionEnd: organisation.subscriptionEnd ?? '',
  };
}

/**
 * Edit an organisation (issue 16 section 1): its details, the defaults its new users get, its
 * customer group, modules and subscription, on the domain's schema so the browser refuses
 * what the API refuses, in the same words, under the field.
 */
export function OrganisationDialog({ organisation, groups, onSave, onClose }: OrganisationDialogProps) {
  const { t } = useTranslation();
  const { form, errorOf, dialogProps } = useFormDialog<OrganisationFormValues, OrganisationInput>({
    resolver: zodResolver(organisationInputSchema),
    defaultValues: defaults(organisation),
    onSave,
    onClose,
    fullScreenOnPhone: true,
    // Organisations' names need not be unique: no refusal of a taken name to place.
    nameTakenCode: '',
    serverFields: FORM_FIELDS,
  });

  return (
    <FormProvider {...form}>
      <FormDialog title={t('superadminOrganisations.editTitle', { name: organisation.name })} maxWidth="md" {...dialogProps}>
        <OrganisationFields groups={groups} errorOf={errorOf} />
      </FormDialog>
    </FormProvider>
  );
}

/**
 * Add an organisation with its first administrator, who is invited by email (issue 16 section
 * 1): the same fields as an edit, on the create schema, and the API's refusals (the
 * administrator's email taken) under the field they name.
 */
export function NewOrganisationDialog({ groups, onSave, onClose }: NewOrganisationDialogProps) {
  const { t } = useTranslation();
  const { form, errorOf, dialogProps } = useFormDialog<OrganisationCreateFormValues, OrganisationCreateInput>({
    resolver: zodResolver(organisationCreateSchema),
    defaultValues: NEW_ORGANISATION,
    onSave,
    onClose,
    fullScreenOnPhone: true,
    nameTakenCode: '',
    serverFields: [...FORM_FIELDS, ...ADMINISTRATOR_FIELDS.map((field) => `administrator.${field}` as const)],
  });
  const { register } = form;

  return (
    <FormProvider {...form}>
      <FormDialog title={t('superadminOrganisations.add')} maxWidth="md" {...dialogProps} submitLabel={t('superadminOrganisations.create')}>
        <OrganisationFields groups={groups} errorOf={errorOf} />
        <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>{t('superadminOrganisations.administrator')}</Typography>
        <Grid container columnSpacing={2}>
          {ADMINISTRATOR_FIELDS.map((field) => (
            <Grid key={field} size={{ xs: 12, sm: field === 'email' ? 12 : 6 }}>
              <FormTextField
                {...register(`administrator.${field}`)}
                type={field === 'email' ? 'email' : 'text'}
                label={t(`superadminOrganisations.fields.${field}`)}
                required
                autoComplete="off"
                errorText={errorOf(`administrator.${field}`)}
              />
            </Grid>
          ))}
        </Grid>
      </FormDialog>
    </FormProvider>
  );
}

/**
 * The organisation's own fields, shared by the add and edit dialogs (inside their form's
 * FormProvider: both forms hold these values, the add form its administrator besides).
 */
function OrganisationFields({ groups, errorOf }: { groups: readonly CustomerGroup[]; errorOf(path: string): string | undefined }) {
  const { t } = useTranslation();
  const zones = useMemo(() => timeZones(), []);
  const { control, register } = useFormContext<OrganisationFormValues>();
  return (
    <Grid container columnSpacing={2}>
      <Grid size={12}>
        <FormTextField {...register('name')} label={t('superadminOrganisations.fields.name')} required autoFocus autoComplete="off" errorText={errorOf('name')} />
      </Grid>
      {ADDRESS_FIELDS.map((field) => (
        <Grid key={field} size={{ xs: 12, sm: field === 'address' ? 12 : 6 }}>
          <FormTextField {...register(field)} label={t(`superadminOrganisations.fields.${field}`)} autoComplete="off" errorText={errorOf(field)} />
        </Grid>
      ))}
      <Grid size={{ xs: 12, sm: 6 }}>
        <TimeZoneField control={control} name="timezone" label={t('superadminOrganisations.fields.timezone')} options={zones} errorText={errorOf('timezone')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <SelectField
          control={control}
          name="customerGroupId"
          label={t('superadminOrganisations.fields.customerGroup')}
          required
          options={groups.map((group) => ({ value: group.id, label: group.name }))}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <SelectField control={control} name="lang" label={t('superadminOrganisations.fields.lang')} required options={LANGUAGES.map((lang) => ({ value: lang, label: t(`superadminOrganisations.languages.${lang}`) }))} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <SelectField control={control} name="uom" label={t('superadminOrganisations.fields.uom')} required options={UNITS_OF_MEASURE.map((uom) => ({ value: uom, label: t(`superadminOrganisations.units.${uom}`) }))} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField {...register('subscriptionStart')} type="date" label={t('superadminOrganisations.fields.subscriptionStart')} errorText={errorOf('subscriptionStart')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField {...register('subscriptionEnd')} type="date" label={t('superadminOrganisations.fields.subscriptionEnd')} errorText={errorOf('subscriptionEnd')} />
      </Grid>
      <Grid size={12}>
        <FormLabel component="legend">{t('superadminOrganisations.fields.modules')}</FormLabel>
        <FormGroup row>
          {MODULES.map((module) => (
            <Controller
              key={module}
              control={control}
              name={`modules.${module}`}
              render={({ field: { value, onChange, onBlur } }) => (
                <FormControlLabel
                  control={<Checkbox checked={value === true} onChange={(event) => onChange(event.target.checked)} onBlur={onBlur} />}
                  label={t(`superadminOrganisations.modules.${module}`)}
                />
              )}
            />
          ))}
        </FormGroup>
      </Grid>
    </Grid>
  );
}
