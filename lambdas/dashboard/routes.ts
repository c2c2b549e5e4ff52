import type { Alarm } from '@domain/alarms/alarm';
import {
  alarmOverviewOf,
  DASHBOARD_PERIOD_MS,
  inUserView,
  sensorInsightsOf,
  systemHealthOf,
  type SensorInsight,
} from '@domain/alarms/dashboard';
import { GATEWAY_STATUS_SECONDS } from '@domain/devices/gateway';
import { isSensorOnline, sensorReportSeconds } from '@domain/devices/sensor';
import { validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { exceptionOverviewOf, exceptionsOf } from '@domain/haccp/performance';
import { localDateIn } from '@domain/haccp/instance';
import type { UserView } from '@domain/identity/user-views';
import { isDeviceOnline, ONLINE_GRACE_MS, ONLINE_MISSED_REPORTS } from '@domain/telemetry/telemetry-state';
import {
  instancesOfSiteDays, queryAll, readAlarmProfiles, readFleetGateways, readFleetSensors, readingValuesBetween, readUserView, sitesByName, toSiteRecord, type SensorRecord,
} from '../data';
import { eachLimited } from '../shared/concurrency';
import { maySeeAlarm, maySeeSensor, maySeeSite, siteAccessOf, type AccessScope } from '../shared/access';
import { accessScope } from '../data/access';
import type { Caller } from '../shared/caller';
import { dynamoDocumentClient } from '../data/client';
import { backendConfig } from '../shared/config';
import { defineRoutes, route } from '../shared/routing';
import { DashboardAlarmStore } from '../data/repositories/dashboard';
import { DASHBOARD_ROUTES } from '@domain/api/dashboard';

const table = () => backendConfig().tableName;

/** The most sensors (and gateways) one answer reads of the organisation's partition. */
export const DASHBOARD_DEVICES_MAX = 2000;
/** Insight reads each sensor's readings: at most this many sensors per answer (a user view narrows them). */
export const INSIGHT_SENSORS_MAX = 25;
/** At most this many readings of one sensor in the period: 7 days at one every 2.5 minutes. */
export const INSIGHT_READINGS_MAX = 4032;
/** The checklist exception view reads the instances of at most this many sites (by name), one range query a site. */
export const EXCEPTION_SITES_MAX = 50;
/** Sensors whose readings are read at once. */
const INSIGHT_READS_IN_FLIGHT = 4;

/** The user view a query names (`userViewId`), of the caller's organisation; none when not given. */
async function viewOf(caller: Caller, query: Record<string, string>): Promise<UserView | undefined> {
  const id = query['userViewId'];
  if (id === undefined || id === '') return undefined;
  const view = await readUserView(dynamoDocumentClient(), table(), caller.customerId, id);
  if (view === undefined) throw validationError(MESSAGES.userViewNotFound, { userViewId: MESSAGES.userViewNotFound });
  return view;
}

/** What the dashboard reads from: the caller's reach and the view asked for, read at once. */
async function reachOf(caller: Caller, query: Record<string, string>): Promise<{ scope: AccessScope; view: UserView | undefined }> {
  const [scope, view] = await Promise.all([accessScope(caller, caller.customerId), viewOf(caller, query)]);
  return { scope, view };
}

/** A sensor the dashboard counts: in service (active, not disabled), reached, and in the view. */
const sensorKeeper = (scope: AccessScope, view: UserView | undefined) => (record: SensorRecord): boolean =>
  record.deviceStatus === 'active' && !record.disabled
  && maySeeSensor(scope, { sensorId: record.id, siteId: record.siteId })
  && (view === undefined || inUserView(view, record));

/**
 * The dashboard's widgets (SPEC section 2 "Dashboard"; issue 13 section 3): what no other
 * route gives. Organisation staff only, each of their own organisation (the token's) and only
 * what the access layer lets them reach; `userViewId` narrows to a user view's sites,
 * departments and divisions. Every read is bounded and says when it was cut short.
 */
export const dashboardRoutes = defineRoutes('dashboard', [
  route(DASHBOARD_ROUTES.getHealth, {
    action: async ({ caller, request }) => {
      const { scope, view } = await reachOf(caller, request.query);
      const client = dynamoDocumentClient();
      const [sensors, gateways] = await Promise.all([
        readFleetSensors(client, table(), caller.customerId, DASHBOARD_DEVICES_MAX, sensorKeeper(scope, view)),
        readFleetGateways(client, table(), caller.customerId, DASHBOARD_DEVICES_MAX),
      ]);
      const profiles = await readAlarmProfiles(client, table(), caller.customerId,
        sensors.devices.flatMap(({ record }) => (record.alarmProfileId === undefined ? [] : [record.alarmProfileId])));
      const now = Date.now();
      const siteAccess = siteAccessOf(scope);
      const sensorFacts = sensors.devices.map(({ record, state }) => {
        const profile = record.alarmProfileId === undefined ? undefined : profiles.get(record.alarmProfileId);
        return {
          online: isSensorOnline({ deviceModel: record.deviceModel, lastReadingAt: state?.lastReadingAt }, now),
          battery: state?.battery,
          signal: state?.signal,
          batteryThresholdPercent: profile?.types.includes('lowBattery') === true ? profile.batteryThresholdPercent : undefined,
        };
      });
      // Gateways have no department or division: a view keeps those of its sites.
      const gatewayFacts = gateways.devices
        .filter(({ record }) => record.isActive && maySeeSite(siteAccess, record.siteId) && (view === undefined || view.siteIds.includes(record.siteId)))
        .map(({ state }) => ({ online: isDeviceOnline(state.lastCommunicated, GATEWAY_STATUS_SECONDS, now) }));
      return { statusCode: 200, body: systemHealthOf(sensorFacts, gatewayFacts, sensors.truncated || gateways.truncated) };
    },
  }),
  route(DASHBOARD_ROUTES.getAlarms, {
    action: async ({ caller, request }) => {
      const { scope, view } = await reachOf(caller, request.query);
      // Devices' alarms only: a checklist's exceptions have their own view (GET /dashboard/checklist-exceptions), and no checklist is an asset.
      const keep = (alarm: Alarm) => alarm.deviceKind !== 'checklist' && maySeeAlarm(scope, alarm) && (view === undefined || inUserView(view, alarm));
      const now = Date.now();
      const from = new Date(now - DASHBOARD_PERIOD_MS).toISOString();
      const to = new Date(now).toISOString();
      const alarms = new DashboardAlarmStore(dynamoDocumentClient(), table());
      const [active, history] = await Promise.all([alarms.active(caller.customerId, keep), alarms.historyBetween(caller.customerId, from, to, keep)]);
      const startedInPeriod = [...active.alarms.filter((alarm) => alarm.startedAt >= from), ...history.alarms];
      return { statusCode: 200, body: alarmOverviewOf(active.alarms, startedInPeriod, { from, to }, active.truncated || history.truncated) };
    },
  }),
  route(DASHBOARD_ROUTES.getInsight, {
    action: async ({ caller, request }) => {
      const { scope, view } = await reachOf(caller, request.query);
      const client = dynamoDocumentClient();
      const fleet = await readFleetSensors(client, table(), caller.customerId, DASHBOARD_DEVICES_MAX, sensorKeeper(scope, view));
      const sensors = fleet.devices.map(({ record }) => record).sort((a, b) => a.name.localeCompare(b.name));
      const shown = sensors.slice(0, INSIGHT_SENSORS_MAX);
      const profiles = await readAlarmProfiles(client, table(), caller.customerId, shown.flatMap((sensor) => (sensor.alarmProfileId === undefined ? [] : [sensor.alarmProfileId])));
      const to = Date.now();
      const from = to - DASHBOARD_PERIOD_MS;
      const rows = await eachLimited(shown, INSIGHT_READS_IN_FLIGHT, async (sensor): Promise<SensorInsight[]> => {
        const { readings } = await readingValuesBetween(client, table(), caller.customerId, sensor.id, { start: from, end: to, limit: INSIGHT_READINGS_MAX });
        // A reading holds until the next one, at most as long as the sensor may stay silent and still count as online.
        const maxHoldMs = ONLINE_MISSED_REPORTS * sensorReportSeconds(sensor.deviceModel) * 1000 + ONLINE_GRACE_MS;
        const profile = sensor.alarmProfileId === undefined ? undefined : profiles.get(sensor.alarmProfileId);
        return sensorInsightsOf(sensor, profile, readings, { from, to, maxHoldMs });
      });
      return {
        statusCode: 200,
        body: {
          from: new Date(from).toISOString(), to: new Date(to).toISOString(), items: rows.flat(),
          sensors: sensors.length, truncated: fleet.truncated || sensors.length > shown.length,
        },
      };
    },
  }),
  route(DASHBOARD_ROUTES.getChecklistExceptions, {
    action: async ({ caller, request }) => {
      const { scope, view } = await reachOf(caller, request.query);
      const client = dynamoDocumentClient();
      const siteAccess = siteAccessOf(scope);
      const reached = (await queryAll(client, sitesByName(table(), caller.customerId), toSiteRecord))
        .filter((site) => maySeeSite(siteAccess, site.id) && (view === undefined || view.siteIds.includes(site.id)));
      const sites = reached.slice(0, EXCEPTION_SITES_MAX);
      const now = new Date();
      const from = new Date(now.getTime() - DASHBOARD_PERIOD_MS);
      // Each site's local days of the period (an instance is filed under its site's day): one range query a site.
      const instances = await instancesOfSiteDays(client, table(), caller.customerId,
        sites.map((site) => ({ siteId: site.id, fromDate: localDateIn(from, site.timezone), toDate: localDateIn(now, site.timezone) })));
      const names = new Map(sites.map((site) => [site.id, site.name]));
      const exceptions = exceptionsOf(instances, names, from, now);
      return {
        statusCode: 200,
        body: exceptionOverviewOf(exceptions, sites, { from: from.toISOString(), to: now.toISOString() }, reached.length > sites.length),
      };
    },
  }),
]);
