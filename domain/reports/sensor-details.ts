import { namedReferenceKey, type NamedKind, type RecordNames } from '../core/readable-changes';
import type { Calibration } from '../devices/calibration';
import { SENSOR_MODELS } from '../devices/device-catalogue';
import type { Equipment } from '../devices/equipment';
import { AUDIT_TEXTS } from './audit-texts';
import { dateText, type ReportLanguage } from './cells';
import type { DateFormat } from './parameters';

/**
 * The Sensor Details' figures (issue 34 section 2.10; `REPORT_CATALOGUE.sensorDetails`): each
 * sensor's configuration now, one row per sensor in the order given: its name and id, its
 * model's name, the names of its site, location, department, division, alarm profile, its
 * channels' data logging profiles and its notification groups (`names`, as readRecordNames
 * answers them; a record deleted since has none: null), its calibration certificates (latest
 * issue first), its equipment and its notes' names. Several values in one cell are joined as a
 * person lists them; labels are the sensor screens' (AUDIT_TEXTS), days in the chosen format.
 */
export interface SensorDetailsSensor {
  readonly id: string;
  readonly name: string;
  readonly deviceModel?: string;
  readonly locationId?: string;
  readonly siteId?: string;
  readonly departmentId?: string;
  readonly divisionId?: string;
  readonly alarmProfileId?: string;
  readonly notificationGroupIds?: readonly string[];
  readonly channels?: readonly { readonly channel: number; readonly dataLoggingProfileId: string }[];
  readonly calibrations: readonly Pick<Calibration, 'issueDate' | 'renewalDate' | 'certificateNumber' | 'calibratedBy'>[];
  readonly equipment: Pick<Equipment, 'type' | 'make' | 'model' | 'refrigerant'>;
  /** Its notes' names (a note's name is unique on its sensor). */
  readonly noteNames: readonly string[];
}

export interface SensorDetailsInput {
  readonly language: ReportLanguage;
  readonly dateFormat: DateFormat;
  readonly sensors: readonly SensorDetailsSensor[];
  /** The names of the records the sensors name, by `namedReferenceKey`. */
  readonly names: RecordNames;
}

export interface SensorDetailsRow {
  sensor: string; sensorId: string; model: string | null; site: string | null; location: string | null;
  department: string | null; division: string | null; alarmProfile: string | null; dataLoggingProfile: string | null;
  notificationGroups: string | null; calibrationCertificates: string | null; equipment: string | null; notes: string | null;
}
export interface SensorDetailsFigures { readonly sensors: SensorDetailsRow[] }

/** What lists in one cell are joined with: items of one kind, and the parts of one item. */
const LIST = ', ';
const PARTS = '; ';
const ITEMS = ' | ';

const joined = (items: readonly string[], separator: string): string | null => (items.length === 0 ? null : items.join(separator));

function nameOf(names: RecordNames, kind: NamedKind, id: string | undefined): string | null {
  return id === undefined || id === '' ? null : names[namedReferenceKey({ kind, id })] ?? null;
}

/** Names of several records, each once, in order; those deleted since are left out. */
function namesOf(names: RecordNames, kind: NamedKind, ids: readonly string[]): string | null {
  const found = [...new Set(ids)].map((id) => nameOf(names, kind, id)).filter((name): name is string => name !== null);
  return joined([...new Set(found)], LIST);
}

/** "Label: value" parts of one item, those without a value left out. */
function labelled(language: ReportLanguage, parts: readonly [key: string, value: string | undefined][]): string | null {
  const texts = AUDIT_TEXTS[language];
  return joined(parts.filter(([, value]) => value !== undefined && value !== '').map(([key, value]) => `${texts[key] ?? key}: ${String(value)}`), PARTS);
}

function calibrationsText(sensor: SensorDetailsSensor, input: SensorDetailsInput): string | null {
  const latestFirst = [...sensor.calibrations].sort((a, b) => b.issueDate.localeCompare(a.issueDate));
  const day = (value: string | undefined) => (value === undefined ? undefined : dateText(value.slice(0, 10), input.dateFormat));
  return joined(latestFirst.map((calibration) => labelled(input.language, [
    ['sensors.calibrations.certificateNumber', calibration.certificateNumber],
    ['sensors.calibrations.issueDate', day(calibration.issueDate)],
    ['sensors.calibrations.renewalDate', day(calibration.renewalDate)],
    ['sensors.calibrations.calibratedBy', calibration.calibratedBy],
  ])).filter((text): text is string => text !== null), ITEMS);
}

function equipmentText(equipment: SensorDetailsSensor['equipment'], language: ReportLanguage): string | null {
  const texts = AUDIT_TEXTS[language];
  const type = equipment.type === undefined ? undefined : texts[`sensors.equipment.types.${equipment.type}`] ?? equipment.type;
  const refrigerant = equipment.refrigerant === 'other' ? texts['sensors.equipment.otherRefrigerant'] : equipment.refrigerant;
  return labelled(language, [
    ['sensors.equipment.type', type],
    ['sensors.equipment.make', equipment.make],
    ['sensors.equipment.model', equipment.model],
    ['sensors.equipment.refrigerant', refrigerant],
  ]);
}

export function buildSensorDetails(input: SensorDetailsInput): SensorDetailsFigures {
  const { names } = input;
  return {
    sensors: input.sensors.map((sensor) => ({
      sensor: sensor.name,
      sensorId: sensor.id,
      model: sensor.deviceModel === undefined ? null : SENSOR_MODELS.find((model) => model.code === sensor.deviceModel)?.name ?? sensor.deviceModel,
      site: nameOf(names, 'site', sensor.siteId),
      location: nameOf(names, 'location', sensor.locationId),
      department: nameOf(names, 'department', sensor.departmentId),
      division: nameOf(names, 'division', sensor.divisionId),
      alarmProfile: nameOf(names, 'alarmProfile', sensor.alarmProfileId),
      dataLoggingProfile: namesOf(names, 'dataLoggingProfile', [...(sensor.channels ?? [])].sort((a, b) => a.channel - b.channel).map((channel) => channel.dataLoggingProfileId)),
      notificationGroups: namesOf(names, 'notificationGroup', sensor.notificationGroupIds ?? []),
      calibrationCertificates: calibrationsText(sensor, input),
      equipment: equipmentText(sensor.equipment, input.language),
      notes: joined(sensor.noteNames, PARTS),
    })),
  };
}
