import * as z from 'zod';
import { catalogueNames } from '../core/catalogue';
import { MESSAGES } from '../core/messages';
import type { Role } from '../identity/roles';
import { REPORT_MESSAGES } from './messages';
import {
  dataPointsField,
  dateFormatField,
  durationField,
  fromField,
  imagePreferenceField,
  locationField,
  operationField,
  optionalIdsField,
  rangeIssue,
  readingHoursField,
  REPORT_FORMATS,
  sensorField,
  sensorsField,
  sitesField,
  timelineField,
  toField,
  unitField,
  vaccineLimitsIssue,
  vaccineMaxField,
  vaccineMinField,
  type RangeLimit,
  type ReportFormat,
} from './parameters';

/**
 * The report catalogue (issue 34 section 1): one entry per report of SPEC section 2's Reports
 * menu, holding what the API routes, the web app's menu and forms, OpenAPI, the permission
 * tests and the report runner need of it. Adding a report is one entry here plus its builder.
 *
 * Who may run a report (SPEC section 6): administrators and basic users (a helpdesk user or
 * super-administrator acting for an organisation is its administrator). A basic user's report
 * covers only the sites they reach. "Some reports need corporate access": those whose rows are
 * the organisation as a whole, not sites (`scope: 'organisation'`), because a site-limited
 * reader cannot be given part of them: the Portal Audit (every user's changes to the
 * organisation; docs/decisions/0074) and nothing else today. Report History is per site (each
 * run is of sites, and its reader sees the runs of the sites they reach and their own runs), so
 * a basic user can download their reports again.
 */

/** What a report reads (its builder's sources; the data layer keeps the keys). */
export const REPORT_SOURCES = [
  'readings', 'rollups', 'alarms', 'sensors', 'gateways', 'sites', 'locations', 'checklistInstances', 'checklists', 'shifts',
  'correctiveActions', 'history', 'users', 'calibrationCertificates', 'equipment', 'notes', 'reportRuns',
] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

/** How a column's cells are written: a number stays a number in CSV; times in the site's zone; temperatures in the user's unit. */
export const COLUMN_KINDS = ['text', 'number', 'temperature', 'dateTime', 'date', 'duration', 'percent', 'image', 'signature'] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];

export interface ReportColumn {
  readonly id: string;
  readonly kind: ColumnKind;
}

/** A part of the report: a table of columns, or a chart (`chart: true`, a vector line chart in the PDF). */
export interface ReportSection {
  readonly id: string;
  readonly columns: readonly ReportColumn[];
  readonly chart?: true;
}

/**
 * Who may run a report: its roles; whether it needs corporate access (the organisation-wide
 * reports); whether it needs the HACCP module and the caller's HACCP access (checklists).
 */
export interface ReportAccess {
  readonly roles: readonly Role[];
  readonly scope: 'sites' | 'organisation';
  readonly corporateAccess: boolean;
  readonly haccp: boolean;
}

export interface ReportDefinition {
  /** The web app's catalogue key of its name; `REPORT_NAMES` (names.ts) holds the three languages. */
  readonly nameKey: string;
  readonly parameters: z.ZodType;
  readonly rangeLimit: RangeLimit;
  /** The range the form opens on, in days up to today, and the message shown beside it (the Portal Audit's 7 days). */
  readonly defaultRange?: { readonly days: number; readonly message: string };
  readonly access: ReportAccess;
  readonly reads: readonly ReportSource[];
  readonly sections: readonly ReportSection[];
  readonly formats: readonly ReportFormat[];
  /**
   * Whether a run also posts an audit entry (SPEC section 7: "Audit entries are posted for ...
   * summary report, vaccine report, report history creation"). Every run writes its Report
   * History entry (with its own audit entry); these post one more, naming the report.
   */
  readonly audited: boolean;
}

const READERS: readonly Role[] = ['admin', 'basicuser'];
const BY_SITE: ReportAccess = { roles: READERS, scope: 'sites', corporateAccess: false, haccp: false };
const CHECKLISTS_BY_SITE: ReportAccess = { ...BY_SITE, haccp: true };
const EVERY_FORMAT = REPORT_FORMATS;
const NO_LIMIT: RangeLimit = { kind: 'none' };

const column = (id: string, kind: ColumnKind = 'text'): ReportColumn => ({ id, kind });
const SENSOR = column('sensor');
const SITE = column('site');
const DAY = column('day', 'date');

/** The range rule every dated report shares: end not before start, and the report's own limit. */
function withRange<Shape extends { from: typeof fromField; to: typeof toField }>(shape: Shape, limit: RangeLimit) {
  return z.object(shape).superRefine((parameters, context) => {
    const { from, to } = parameters as { from: string; to: string };
    const issue = rangeIssue(from, to, limit);
    if (issue !== undefined) context.addIssue({ code: 'custom', path: ['to'], message: issue });
  });
}

const DATED_SENSORS = { locationId: locationField, siteIds: sitesField, sensorIds: sensorsField, from: fromField, to: toField, dateFormat: dateFormatField };
const DATED_SITES = { locationId: locationField, siteIds: sitesField, from: fromField, to: toField, dateFormat: dateFormatField };

const CHECKLIST_LIMIT: RangeLimit = { kind: 'emailed', days: 7, message: REPORT_MESSAGES.reportEmailed };
const PORTAL_AUDIT_LIMIT: RangeLimit = { kind: 'refused', days: 31, message: MESSAGES.portalAuditRangeTooLong };
const SENSOR_AUDIT_LIMIT: RangeLimit = { kind: 'refused', months: 2, message: REPORT_MESSAGES.sensorAuditRangeTooLong };

const vaccineShape = {
  ...DATED_SENSORS,
  min: vaccineMinField,
  max: vaccineMaxField,
  durationMinutes: durationField,
  unit: unitField,
  imagePreference: imagePreferenceField,
};

export const REPORT_CATALOGUE = {
  /** Issue 34 section 2.1: per sensor and day, readings at the chosen points, the day's figures, excursions, a chart. */
  temperatureLog: {
    nameKey: 'reports.names.temperatureLog',
    parameters: withRange({
      ...DATED_SENSORS, dataPoints: dataPointsField, timeline: timelineField, operation: operationField,
      imagePreference: imagePreferenceField, readingHours: readingHoursField, unit: unitField,
    }, NO_LIMIT),
    rangeLimit: NO_LIMIT,
    access: BY_SITE,
    reads: ['readings', 'rollups', 'alarms', 'sensors', 'sites'],
    sections: [
      { id: 'chart', columns: [], chart: true },
      { id: 'readings', columns: [SENSOR, column('time', 'dateTime'), column('value', 'temperature')] },
      { id: 'daySummary', columns: [SENSOR, DAY, column('min', 'temperature'), column('max', 'temperature'), column('mean', 'temperature'), column('timeInRange', 'percent')] },
      { id: 'twiceDaily', columns: [SENSOR, DAY, column('morningMin', 'temperature'), column('morningMax', 'temperature'), column('afternoonMin', 'temperature'), column('afternoonMax', 'temperature')] },
      { id: 'excursions', columns: [SENSOR, column('start', 'dateTime'), column('end', 'dateTime'), column('duration', 'duration'), column('peak', 'temperature'), column('acknowledgedBy'), column('acknowledgedAt', 'dateTime'), column('correctiveAction')] },
    ],
    formats: EVERY_FORMAT,
    audited: false,
  },
  /** 2.2: completed checklists, answers, who and when, exceptions, photos, signatures; over 7 days emailed. */
  checklistReport: {
    nameKey: 'reports.names.checklistReport',
    parameters: withRange({ ...DATED_SITES, checklistIds: optionalIdsField, imagePreference: imagePreferenceField }, CHECKLIST_LIMIT),
    rangeLimit: CHECKLIST_LIMIT,
    access: CHECKLISTS_BY_SITE,
    reads: ['checklistInstances', 'checklists', 'correctiveActions', 'users', 'sites'],
    sections: [
      { id: 'instances', columns: [SITE, column('checklist'), column('shift'), column('completedBy'), column('completedAt', 'dateTime'), column('status')] },
      { id: 'answers', columns: [column('checklist'), column('question'), column('answer'), column('exception'), column('correctiveAction'), column('photo', 'image'), column('signature', 'signature')] },
    ],
    formats: EVERY_FORMAT,
    audited: false,
  },
  /** 2.3: per site, shift and checklist, complete/incomplete and on time/late/overdue/outstanding counts and rates. */
  checklistPerformance: {
    nameKey: 'reports.names.checklistPerformance',
    parameters: withRange({ ...DATED_SITES, shiftIds: optionalIdsField, checklistIds: optionalIdsField }, NO_LIMIT),
    rangeLimit: NO_LIMIT,
    access: CHECKLISTS_BY_SITE,
    reads: ['checklistInstances', 'checklists', 'shifts', 'sites'],
    sections: [
      { id: 'performance', columns: [SITE, column('shift'), column('checklist'), column('complete', 'number'), column('incomplete', 'number'), column('onTime', 'number'), column('late', 'number'), column('overdue', 'number'), column('outstanding', 'number'), column('completionRate', 'percent'), column('onTimeRate', 'percent')] },
    ],
    formats: EVERY_FORMAT,
    audited: false,
  },
  /** 2.4: the organisation's changes, field by field, people's apart from the system's; at most 31 days. */
  portalAudit: {
    nameKey: 'reports.names.portalAudit',
    parameters: withRange({ from: fromField, to: toField, userIds: optionalIdsField, recordKinds: z.array(z.string().trim().min(1).max(40)).max(50).optional(), dateFormat: dateFormatField }, PORTAL_AUDIT_LIMIT),
    rangeLimit: PORTAL_AUDIT_LIMIT,
    // SPEC section 5: "portal audit max 31 days (a 7-day message also appears)".
    defaultRange: { days: 7, message: REPORT_MESSAGES.portalAuditSevenDays },
    // The organisation's trail as a whole: administrators who see the whole organisation (0074).
    access: { roles: ['admin'], scope: 'organisation', corporateAccess: true, haccp: false },
    reads: ['history', 'users'],
    sections: [
      { id: 'changes', columns: [column('at', 'dateTime'), column('who'), column('proxyActor'), column('recordKind'), column('record'), column('field'), column('oldValue'), column('newValue'), column('reason')] },
      { id: 'systemChanges', columns: [column('at', 'dateTime'), column('system'), column('recordKind'), column('record'), column('field'), column('oldValue'), column('newValue')] },
    ],
    formats: EVERY_FORMAT,
    audited: false,
  },
  /** 2.5: per sensor, time online, gaps, battery and its trend, signal, last seen, alarms by type. */
  sensorHealthSummary: {
    nameKey: 'reports.names.sensorHealthSummary',
    parameters: withRange(DATED_SENSORS, NO_LIMIT),
    rangeLimit: NO_LIMIT,
    access: BY_SITE,
    reads: ['readings', 'rollups', 'alarms', 'sensors', 'sites'],
    sections: [
      { id: 'health', columns: [SENSOR, SITE, column('timeOnline', 'percent'), column('gaps', 'number'), column('longestGap', 'duration'), column('battery', 'percent'), column('batteryTrend', 'number'), column('signalMean', 'number'), column('signalWorst', 'number'), column('lastSeen', 'dateTime')] },
      { id: 'alarmsByType', columns: [SENSOR, column('alarmType'), column('count', 'number')] },
    ],
    formats: EVERY_FORMAT,
    // SPEC section 7 names a "summary report" audit entry: the two summaries post it.
    audited: true,
  },
  /** 2.6: RSSI and SNR per sensor over the range, weak-signal episodes. */
  sensorSignal: {
    nameKey: 'reports.names.sensorSignal',
    parameters: withRange({ ...DATED_SENSORS, imagePreference: imagePreferenceField }, NO_LIMIT),
    rangeLimit: NO_LIMIT,
    access: BY_SITE,
    reads: ['readings', 'sensors', 'gateways', 'sites'],
    sections: [
      { id: 'chart', columns: [], chart: true },
      { id: 'signal', columns: [SENSOR, column('rssiMean', 'number'), column('rssiWorst', 'number'), column('snrMean', 'number'), column('snrWorst', 'number')] },
      { id: 'weakEpisodes', columns: [SENSOR, column('start', 'dateTime'), column('end', 'dateTime'), column('duration', 'duration'), column('rssiWorst', 'number')] },
    ],
    formats: EVERY_FORMAT,
    audited: false,
  },
  /** 2.7: per vaccine fridge or freezer with the limits given: twice-daily figures, logging interval, excursions, MKT. */
  vaccine: {
    nameKey: 'reports.names.vaccine',
    parameters: z.object(vaccineShape).superRefine((parameters, context) => {
      const range = rangeIssue(parameters.from, parameters.to, NO_LIMIT);
      if (range !== undefined) context.addIssue({ code: 'custom', path: ['to'], message: range });
      const limits = vaccineLimitsIssue(parameters.min, parameters.max);
      if (limits !== undefined) context.addIssue({ code: 'custom', path: ['max'], message: limits });
    }),
    rangeLimit: NO_LIMIT,
    access: BY_SITE,
    reads: ['readings', 'alarms', 'sensors', 'sites'],
    sections: [
      { id: 'chart', columns: [], chart: true },
      { id: 'twiceDaily', columns: [SENSOR, DAY, column('current', 'temperature'), column('morningMin', 'temperature'), column('morningMax', 'temperature'), column('afternoonMin', 'temperature'), column('afternoonMax', 'temperature')] },
      { id: 'loggingGaps', columns: [SENSOR, column('start', 'dateTime'), column('end', 'dateTime'), column('duration', 'duration')] },
      { id: 'excursions', columns: [SENSOR, column('start', 'dateTime'), column('end', 'dateTime'), column('duration', 'duration'), column('peak', 'temperature'), column('acknowledgedBy'), column('correctiveAction')] },
      { id: 'summary', columns: [SENSOR, column('timeOutOfRange', 'duration'), column('meanKinetic', 'temperature'), column('min', 'temperature'), column('max', 'temperature')] },
    ],
    formats: EVERY_FORMAT,
    audited: true,
  },
  /** 2.8: completeness against the expected readings, late and out-of-order data, probe missing, calibration. */
  sensorQa: {
    nameKey: 'reports.names.sensorQa',
    parameters: withRange(DATED_SENSORS, NO_LIMIT),
    rangeLimit: NO_LIMIT,
    access: BY_SITE,
    reads: ['readings', 'alarms', 'sensors', 'calibrationCertificates', 'sites'],
    sections: [
      { id: 'quality', columns: [SENSOR, column('expected', 'number'), column('received', 'number'), column('completeness', 'percent'), column('late', 'number'), column('outOfOrder', 'number'), column('probeMissing', 'number'), column('calibrationStatus'), column('calibrationDue', 'date')] },
    ],
    formats: EVERY_FORMAT,
    audited: false,
  },
  /** 2.9: per day, alarms by type and site, mean and worst time to acknowledge, still unacknowledged. */
  alertsByDay: {
    nameKey: 'reports.names.alertsByDay',
    parameters: withRange(DATED_SITES, NO_LIMIT),
    rangeLimit: NO_LIMIT,
    access: BY_SITE,
    reads: ['alarms', 'sites'],
    sections: [
      { id: 'alerts', columns: [DAY, SITE, column('alarmType'), column('raised', 'number'), column('meanTimeToAcknowledge', 'duration'), column('worstTimeToAcknowledge', 'duration'), column('unacknowledged', 'number')] },
    ],
    formats: EVERY_FORMAT,
    audited: false,
  },
  /** 2.10: each sensor's configuration now (no dates: it is not a period's report). */
  sensorDetails: {
    nameKey: 'reports.names.sensorDetails',
    parameters: z.object({ locationId: locationField, siteIds: sitesField, sensorIds: sensorsField, dateFormat: dateFormatField }),
    rangeLimit: NO_LIMIT,
    access: BY_SITE,
    reads: ['sensors', 'sites', 'locations', 'calibrationCertificates', 'equipment', 'notes'],
    sections: [
      { id: 'sensors', columns: [SENSOR, column('sensorId'), column('model'), SITE, column('location'), column('department'), column('division'), column('alarmProfile'), column('dataLoggingProfile'), column('notificationGroups'), column('calibrationCertificates'), column('equipment'), column('notes')] },
    ],
    formats: EVERY_FORMAT,
    audited: false,
  },
  /** 2.11: one sensor's changes over at most 2 months, as its History tab reads. */
  sensorAudit: {
    nameKey: 'reports.names.sensorAudit',
    parameters: withRange({ locationId: locationField, sensorId: sensorField, from: fromField, to: toField, dateFormat: dateFormatField }, SENSOR_AUDIT_LIMIT),
    rangeLimit: SENSOR_AUDIT_LIMIT,
    access: BY_SITE,
    reads: ['history', 'sensors', 'users'],
    sections: [
      { id: 'changes', columns: [column('at', 'dateTime'), column('who'), column('field'), column('oldValue'), column('newValue'), column('reason')] },
    ],
    formats: EVERY_FORMAT,
    audited: false,
  },
  /** 2.12: alarms and checklist exceptions with who acknowledged, when, time to acknowledge, reason, corrective action. */
  exceptionSummary: {
    nameKey: 'reports.names.exceptionSummary',
    parameters: withRange(DATED_SITES, NO_LIMIT),
    rangeLimit: NO_LIMIT,
    access: BY_SITE,
    reads: ['alarms', 'checklistInstances', 'correctiveActions', 'users', 'sites'],
    sections: [
      { id: 'exceptions', columns: [column('at', 'dateTime'), SITE, column('kind'), column('source'), column('acknowledgedBy'), column('acknowledgedAt', 'dateTime'), column('timeToAcknowledge', 'duration'), column('reason'), column('correctiveAction')] },
    ],
    formats: EVERY_FORMAT,
    audited: true,
  },
  /** 2.13: every report generated: who, when, which, parameters, format, size, fingerprint, status. */
  reportHistory: {
    nameKey: 'reports.names.reportHistory',
    parameters: withRange({ from: fromField, to: toField, reportIds: optionalIdsField, dateFormat: dateFormatField }, NO_LIMIT),
    rangeLimit: NO_LIMIT,
    access: BY_SITE,
    reads: ['reportRuns', 'users'],
    sections: [
      { id: 'runs', columns: [column('at', 'dateTime'), column('who'), column('report'), column('parameters'), column('format'), column('size', 'number'), column('fingerprint'), column('status')] },
    ],
    formats: EVERY_FORMAT,
    audited: false,
  },
} as const satisfies Record<string, ReportDefinition>;

export type ReportId = keyof typeof REPORT_CATALOGUE;
export const REPORT_IDS = catalogueNames(REPORT_CATALOGUE);
export type ReportParameters<Id extends ReportId> = z.output<(typeof REPORT_CATALOGUE)[Id]['parameters']>;

/** A report's parameters checked against its entry: the parsed parameters, or the first message refusing them. */
export function parseReportParameters<Id extends ReportId>(id: Id, input: unknown): { ok: true; parameters: ReportParameters<Id> } | { ok: false; message: string; path: readonly PropertyKey[] } {
  const result = REPORT_CATALOGUE[id].parameters.safeParse(input);
  if (result.success) return { ok: true, parameters: result.data as ReportParameters<Id> };
  const [issue] = result.error.issues;
  return { ok: false, message: issue?.message ?? MESSAGES.genericError, path: issue?.path ?? [] };
}
