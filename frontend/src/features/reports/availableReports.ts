import type { Role } from '@domain/identity/roles';
import { hasModule } from '@domain/organisation/modules';
import type { OrganisationModules } from '@domain/organisation/organisation';
import { REPORT_CATALOGUE, REPORT_IDS, type ReportDefinition, type ReportId } from '@domain/reports/catalogue';
import { useClientState } from '../../session/clientState';
import { useRole, useSeesWholeOrganisation } from '../../session/access';

/** What decides which reports a user may run (the API checks the same of every run). */
export interface ReportReader {
  role: Role | null;
  /** The account's HACCP access (isHaccpAvailable). */
  haccpAvailable: boolean;
  organisationModules: OrganisationModules;
  /** Corporate access, or a proxy for the whole organisation (not a corporate view of one location). */
  seesWholeOrganisation: boolean;
}

/**
 * The catalogue's reports this reader may run, in the catalogue's order: by the entry's roles;
 * checklist reports need the organisation's HACCP module and the user's HACCP access; the
 * organisation-wide ones (the Portal Audit) need whole-organisation access.
 */
export function availableReports(reader: ReportReader): ReportId[] {
  const { role } = reader;
  if (role === null) return [];
  return REPORT_IDS.filter((id) => {
    const { access }: ReportDefinition = REPORT_CATALOGUE[id];
    return access.roles.includes(role)
      && (!access.haccp || (reader.haccpAvailable && hasModule(reader.organisationModules, 'haccp')))
      && (!access.corporateAccess || reader.seesWholeOrganisation);
  });
}

/** The reports the signed-in user may run. */
export function useAvailableReports(): ReportId[] {
  const role = useRole();
  const { haccpAvailable, organisationModules } = useClientState();
  const seesWholeOrganisation = useSeesWholeOrganisation();
  return availableReports({ role, haccpAvailable, organisationModules, seesWholeOrganisation });
}
