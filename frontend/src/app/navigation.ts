import type { SvgIconComponent } from '@mui/icons-material';
import ApartmentIcon from '@mui/icons-material/Apartment';
import AssessmentIcon from '@mui/icons-material/AssessmentOutlined';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined';
import ChecklistIcon from '@mui/icons-material/ChecklistOutlined';
import CorporateFareIcon from '@mui/icons-material/CorporateFareOutlined';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import QuizIcon from '@mui/icons-material/QuizOutlined';
import BuildIcon from '@mui/icons-material/BuildOutlined';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import HistoryIcon from '@mui/icons-material/History';
import WorkspacesIcon from '@mui/icons-material/WorkspacesOutlined';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import DashboardIcon from '@mui/icons-material/Dashboard';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import LanIcon from '@mui/icons-material/Lan';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActiveOutlined';
import NotificationImportantIcon from '@mui/icons-material/NotificationImportantOutlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import EditNotificationsIcon from '@mui/icons-material/EditNotificationsOutlined';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import RouterIcon from '@mui/icons-material/RouterOutlined';
import SecurityIcon from '@mui/icons-material/Security';
import SmsFailedIcon from '@mui/icons-material/SmsFailedOutlined';
import SensorsIcon from '@mui/icons-material/Sensors';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import ShareLocationIcon from '@mui/icons-material/ShareLocation';
import StorageIcon from '@mui/icons-material/StorageOutlined';
import StoreIcon from '@mui/icons-material/StoreOutlined';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import ScheduleIcon from '@mui/icons-material/ScheduleOutlined';
import TodayIcon from '@mui/icons-material/TodayOutlined';
import ViewQuiltIcon from '@mui/icons-material/ViewQuiltOutlined';
import type { Role } from '@domain/identity/roles';
import { ALL_MODULES, hasModule, type PortalModuleName } from '@domain/organisation/modules';
import type { OrganisationModules } from '@domain/organisation/organisation';
import { AREA_ROLES } from './areaRoles';
import type { PortalModule } from '../session/access';

export interface NavigationItem {
  path: string;
  label: 'nav.settings' | 'nav.dashboard' | 'nav.helpdesk' | 'nav.superadminOrganisations' | 'nav.superadminCustomerGroups' | 'nav.superadminAudit' | 'nav.departments' | 'nav.divisions' | 'nav.help' | 'nav.securityGroups' | 'nav.userViews' | 'nav.users' | 'nav.invite' | 'nav.invitations' | 'nav.locations' | 'nav.sites' | 'nav.sharedLocations' | 'nav.sensors' | 'nav.gateways' | 'nav.quickRegister' | 'nav.dataLoggingProfiles' | 'nav.alarmProfiles' | 'nav.notificationGroups' | 'nav.notificationTemplates' | 'nav.failedNotifications' | 'nav.alarms' | 'nav.haccpToday' | 'nav.haccpChecklists' | 'nav.haccpChecklistCopy' | 'nav.haccpQuestions' | 'nav.haccpShifts' | 'nav.haccpGroups' | 'nav.haccpCorrectiveActions' | 'nav.haccpInformation' | 'nav.portalAudit' | 'nav.reportsMenu' | 'nav.reportHistory';
  icon: SvgIconComponent;
  roles: readonly Role[];
  /** Shown only when the stored preferences show this module. */
  module?: PortalModule;
  /** A count shown on the icon: the active alarms. */
  badge?: 'activeAlarms';
  /** Shown only to users with HACCP access (the account's isHaccpAvailable). */
  haccpUsers?: true;
  /** Shown only where the organisation has this module (issue 16; the API refuses its routes too). */
  organisationModule?: PortalModuleName;
  /** Shown only to whoever sees the whole organisation (corporate access, or a proxy other than a corporate view): the API refuses the others. */
  wholeOrganisation?: true;
}

export interface NavigationSection {
  /** Section heading; the first section has none. */
  heading?: 'nav.administration' | 'nav.haccp' | 'nav.reports' | 'nav.support';
  items: NavigationItem[];
}

/** Every area of SPEC section 2 that exists; screens not built yet are not listed. */
export const NAVIGATION: readonly NavigationSection[] = [
  {
    items: [
      { path: '/app/dashboard', label: 'nav.dashboard', icon: DashboardIcon, roles: AREA_ROLES.dashboard },
      { path: '/app/helpdesk', label: 'nav.helpdesk', icon: SupportAgentIcon, roles: AREA_ROLES.helpdesk },
      { path: '/app/sensors', label: 'nav.sensors', icon: SensorsIcon, roles: AREA_ROLES.sensors },
      { path: '/app/alarms', label: 'nav.alarms', icon: NotificationsActiveIcon, roles: AREA_ROLES.alarms, badge: 'activeAlarms' },
      { path: '/app/gateways', label: 'nav.gateways', icon: RouterIcon, roles: AREA_ROLES.gateways },
      { path: '/app/shared-locations', label: 'nav.sharedLocations', icon: ShareLocationIcon, roles: AREA_ROLES.sharedLocations },
    ],
  },
  {
    heading: 'nav.administration',
    items: [
      { path: '/app/superadmin/organisations', label: 'nav.superadminOrganisations', icon: CorporateFareIcon, roles: AREA_ROLES.superadminOrganisations },
      { path: '/app/superadmin/customer-groups', label: 'nav.superadminCustomerGroups', icon: WorkspacesIcon, roles: AREA_ROLES.superadminOrganisations },
      { path: '/app/superadmin/audit', label: 'nav.superadminAudit', icon: HistoryIcon, roles: AREA_ROLES.superadminOrganisations },
      { path: '/app/locations', label: 'nav.locations', icon: PlaceIcon, roles: AREA_ROLES.locations },
      { path: '/app/sites', label: 'nav.sites', icon: StoreIcon, roles: AREA_ROLES.sites },
      { path: '/app/quick-register', label: 'nav.quickRegister', icon: QrCodeScannerIcon, roles: AREA_ROLES.quickRegister },
      { path: '/app/data-logging-profiles', label: 'nav.dataLoggingProfiles', icon: StorageIcon, roles: AREA_ROLES.dataLoggingProfiles },
      { path: '/app/alarm-profiles', label: 'nav.alarmProfiles', icon: NotificationImportantIcon, roles: AREA_ROLES.alarmProfiles },
      { path: '/app/notification-groups', label: 'nav.notificationGroups', icon: GroupsIcon, roles: AREA_ROLES.notificationGroups },
      { path: '/app/notification-templates', label: 'nav.notificationTemplates', icon: EditNotificationsIcon, roles: AREA_ROLES.notificationTemplates },
      { path: '/app/failed-notifications', label: 'nav.failedNotifications', icon: SmsFailedIcon, roles: AREA_ROLES.failedNotifications },
      { path: '/app/departments', label: 'nav.departments', icon: ApartmentIcon, roles: AREA_ROLES.departments },
      { path: '/app/divisions', label: 'nav.divisions', icon: LanIcon, roles: AREA_ROLES.divisions },
      { path: '/app/users', label: 'nav.users', icon: PeopleIcon, roles: AREA_ROLES.users },
      { path: '/app/users/invite', label: 'nav.invite', icon: PersonAddIcon, roles: AREA_ROLES.users },
      { path: '/app/users/invitations', label: 'nav.invitations', icon: MarkEmailUnreadIcon, roles: AREA_ROLES.users },
      { path: '/app/security-groups', label: 'nav.securityGroups', icon: SecurityIcon, roles: AREA_ROLES.securityGroups },
      { path: '/app/user-views', label: 'nav.userViews', icon: ViewQuiltIcon, roles: AREA_ROLES.userViews },
    ],
  },
  {
    heading: 'nav.haccp',
    items: [
      { path: '/app/haccp/today', label: 'nav.haccpToday', icon: TodayIcon, roles: AREA_ROLES.haccpFilling, haccpUsers: true, organisationModule: 'haccp' },
      { path: '/app/haccp/checklists', label: 'nav.haccpChecklists', icon: ChecklistIcon, roles: AREA_ROLES.haccpChecklists, organisationModule: 'haccp' },
      { path: '/app/haccp/checklists/copy', label: 'nav.haccpChecklistCopy', icon: ContentCopyIcon, roles: AREA_ROLES.haccpChecklistCopy, organisationModule: 'haccp' },
      { path: '/app/haccp/groups', label: 'nav.haccpGroups', icon: FolderIcon, roles: AREA_ROLES.haccpLibrary, organisationModule: 'haccp' },
      { path: '/app/haccp/questions', label: 'nav.haccpQuestions', icon: QuizIcon, roles: AREA_ROLES.haccpChecklists, organisationModule: 'haccp' },
      { path: '/app/haccp/corrective-actions', label: 'nav.haccpCorrectiveActions', icon: BuildIcon, roles: AREA_ROLES.haccpLibrary, organisationModule: 'haccp' },
      { path: '/app/haccp/information', label: 'nav.haccpInformation', icon: InfoIcon, roles: AREA_ROLES.haccpLibrary, organisationModule: 'haccp' },
      { path: '/app/haccp/shifts', label: 'nav.haccpShifts', icon: ScheduleIcon, roles: AREA_ROLES.haccpShifts, organisationModule: 'haccp' },
    ],
  },
  {
    heading: 'nav.reports',
    items: [
      { path: '/app/reports', label: 'nav.reportsMenu', icon: AssessmentIcon, roles: AREA_ROLES.reports },
      { path: '/app/reports/history', label: 'nav.reportHistory', icon: ReceiptLongIcon, roles: AREA_ROLES.reports },
      { path: '/app/reports/portal-audit', label: 'nav.portalAudit', icon: HistoryIcon, roles: AREA_ROLES.portalAudit, wholeOrganisation: true },
    ],
  },
  {
    heading: 'nav.support',
    items: [
      { path: '/app/settings', label: 'nav.settings', icon: SettingsIcon, roles: AREA_ROLES.settings },
      { path: '/app/help', label: 'nav.help', icon: HelpOutlineIcon, roles: AREA_ROLES.help },
    ],
  },
];

/**
 * The sections and items this user may see: by role, by module where an item needs one, by HACCP
 * access, by the organisation's modules, and by whether the user sees the whole organisation.
 */
export function visibleNavigation(
  role: Role | null, moduleVisible: (module: PortalModule) => boolean, haccpAvailable = false, organisationModules: OrganisationModules = ALL_MODULES,
  seesWholeOrganisation = true,
): NavigationSection[] {
  return NAVIGATION.map((section) => ({
    ...section,
    items: section.items.filter((item) => role !== null && item.roles.includes(role) && (item.module === undefined || moduleVisible(item.module))
      && (item.haccpUsers !== true || haccpAvailable) && (item.organisationModule === undefined || hasModule(organisationModules, item.organisationModule))
      && (item.wholeOrganisation !== true || seesWholeOrganisation)),
  })).filter((section) => section.items.length > 0);
}
