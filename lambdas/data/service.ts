import { account } from './entities/account';
import { alarm } from './entities/alarm';
import { alarmClockCursor } from './entities/alarm-clock-cursor';
import { alarmTimerBucket } from './entities/alarm-timer-bucket';
import { alarmProfile } from './entities/alarm-profile';
import { notificationGroup } from './entities/notification-group';
import { notificationDelivery } from './entities/notification-delivery';
import { notificationRecipient } from './entities/notification-recipient';
import { notificationTemplate } from './entities/notification-template';
import { accountDashboardPreferences } from './entities/account-dashboard-preferences';
import { accountGridSettings } from './entities/account-grid-settings';
import { accountPreferences } from './entities/account-preferences';
import { auditEntry } from './entities/audit-entry';
import { calibration } from './entities/calibration';
import { dataLoggingProfile } from './entities/data-logging-profile';
import { deviceAlarmState } from './entities/device-alarm-state';
import { deviceCommand } from './entities/device-command';
import { deviceConfigVersion } from './entities/device-config-version';
import { deviceFile } from './entities/device-file';
import { deviceNote } from './entities/device-note';
import { deviceNoteName } from './entities/device-note-name';
import { dueChangeProgress } from './entities/due-change-progress';
import { equipment } from './entities/equipment';
import { gateway } from './entities/gateway';
import { gatewayState } from './entities/gateway-state';
import { organisation } from './entities/organisation';
import { customerGroup } from './entities/customer-group';
import { superadminAuditEntry } from './entities/superadmin-audit-entry';
import { proxySession } from './entities/proxy-session';
import { proxySessionOpen } from './entities/proxy-session-open';
import { location } from './entities/location';
import { migrationProgress } from './entities/migration-progress';
import { locationShare } from './entities/location-share';
import { namedItem } from './entities/named-item';
import { reference } from './entities/reference';
import { site } from './entities/site';
import { securityGroup } from './entities/security-group';
import { securityGroupMembership } from './entities/security-group-membership';
import { seedMarker } from './entities/seed-marker';
import { scheduledChange } from './entities/scheduled-change';
import { sensor } from './entities/sensor';
import { sensorState } from './entities/sensor-state';
import { session } from './entities/session';
import { sessionLock } from './entities/session-lock';
import { sessionToken } from './entities/session-token';
import { translationOverrides } from './entities/translation-overrides';
import { uniqueMarker } from './entities/unique-marker';
import { userView } from './entities/user-view';
import { testMessageLog } from './entities/test-message-log';
import { smsReplyCode } from './entities/sms-reply-code';
import { smsReplyGuard } from './entities/sms-reply-guard';
import { verificationCode } from './entities/verification-code';
import { checklistInstance } from './entities/checklist-instance';
import { checklistAnswer } from './entities/checklist-answer';
import { checklistDue } from './entities/checklist-due';
import { haccpOrganisation } from './entities/haccp-organisation';
import { shift } from './entities/shift';
import { checklist } from './entities/checklist';
import { questionTemplate } from './entities/question-template';
import { correctiveAction } from './entities/corrective-action';
import { informationItem } from './entities/information-item';
import { checklistGroup } from './entities/checklist-group';
import { reportFingerprint } from './entities/report-fingerprint';
import { reportRun } from './entities/report-run';

/**
 * Every entity of the single table (one file each under `entities/`), the one definition of
 * each item kind's keys. Reads by key or access pattern are run by the entity
 * (`entityOn(entity, client, table).get(...).go({ data: 'raw' })`, `entity-reads.ts`); paged
 * lists send the entity's Query through `query-pages.ts`, for the API's cursor. Writes are the
 * entity's requests (`.params({ table })`) sent by the one transaction runner (`transaction.ts`)
 * and the batch helpers (`batch.ts`), so every write gets the conflict retry, the spec's
 * refusals and its audit entry in the same transaction
 * (docs/decisions/0084-entities-run-reads-writes-through-the-transaction-runner.md).
 */
export const ENTITIES = {
  account,
  alarm,
  alarmClockCursor,
  alarmTimerBucket,
  alarmProfile,
  notificationGroup,
  notificationDelivery,
  notificationRecipient,
  notificationTemplate,
  accountDashboardPreferences,
  accountGridSettings,
  accountPreferences,
  auditEntry,
  calibration,
  dataLoggingProfile,
  deviceAlarmState,
  deviceCommand,
  deviceConfigVersion,
  deviceFile,
  deviceNote,
  deviceNoteName,
  dueChangeProgress,
  equipment,
  gateway,
  gatewayState,
  organisation,
  customerGroup,
  superadminAuditEntry,
  proxySession,
  proxySessionOpen,
  location,
  migrationProgress,
  locationShare,
  namedItem,
  reference,
  site,
  securityGroup,
  securityGroupMembership,
  seedMarker,
  scheduledChange,
  sensor,
  sensorState,
  session,
  sessionLock,
  sessionToken,
  translationOverrides,
  uniqueMarker,
  userView,
  verificationCode,
  testMessageLog,
  smsReplyCode,
  smsReplyGuard,
  checklistInstance,
  checklistAnswer,
  checklistDue,
  haccpOrganisation,
  shift,
  checklist,
  questionTemplate,
  correctiveAction,
  informationItem,
  checklistGroup,
  reportRun,
  reportFingerprint,
} as const;
