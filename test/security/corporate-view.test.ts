import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import type { ProxySessionStarted } from '@domain/identity/proxy-session';
import { accountPut, organisationAuditNewestFirst, queryAll } from '../../lambdas/data';
import { API_PREFIX, ROUTES, routeKeyOf, type RouteDefinition } from '../../lambdas/routes';
import { DEMO_ORGANISATION, DEMO_USERS } from '../../local/demo';
import { DEMO_CHECKLIST_GROUP, DEMO_COOLER_SENSOR_ID, DEMO_CORRECTIVE_ACTIONS, DEMO_INFORMATION_ITEM, DEMO_SHIFTS } from '../../local/demo-haccp';
import { LOCAL_REGION } from '../../local/identity';
import { putTestAlarm } from '../support/alarms';
import { putTestInstance } from '../support/haccp';
import { api, createUser, provisionAccount, type TestUser } from '../support/identity';
import { addNotificationGroup } from '../support/notification-groups';
import { addSensor, createSensorPlace, sensorBody, type SensorPlace } from '../support/sensors';

const stack = inject('stack');
const documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: stack.dynamoEndpoint, region: LOCAL_REGION, credentials: stack.credentials }));
afterAll(() => documents.destroy());

/**
 * A corporate view (issue 16 section 3; issue 32 item 2) is its administrator's organisation
 * narrowed to one location. Under a view of a location with no sites, every route of the route
 * table is called with the ids of the demo organisation's other location (Demo Foods HQ, its
 * Main Kitchen and what hangs off them): nothing of it may be read (404, or a list without it)
 * nor changed (404, 403, or a refused body), and the Portal Audit holds no change made in the
 * view. The routes that answer organisation-wide or personal things by design are listed below,
 * reviewed one by one (docs/security.md "Corporate views").
 */

/** Organisation-wide records, read by design under a view (no location of their own); their changes are refused (403). */
const ORGANISATION_WIDE_READS = new Set([
  'GET /api/openapi.json',
  'GET /api/departments', 'GET /api/departments/{id}', 'GET /api/divisions', 'GET /api/divisions/{id}',
  'GET /api/translations', 'GET /api/notificationtemplates', 'POST /api/notificationtemplates/preview',
  'GET /api/questions', 'GET /api/questions/{id}', 'GET /api/correctiveactions', 'GET /api/correctiveactions/{id}',
  'GET /api/informationitems', 'GET /api/informationitems/{id}', 'GET /api/informationitems/{id}/file',
  'GET /api/checklistgroups', 'GET /api/checklistgroups/{id}',
  'GET /api/roles/userroles', 'GET /api/account/customergroups',
]);

/**
 * Changes refused under any view (403, whatever the id): organisation-wide records, and the
 * administration of users and of what they reach (users, security groups, user views), which
 * spans locations. The route table marks the same routes `organisationWide`.
 */
const ORGANISATION_WIDE_CHANGES = new Set([
  ...['departments', 'divisions'].flatMap((base) => [`POST /api/${base}`, `PUT /api/${base}/{id}`, `PATCH /api/${base}/{id}`, `DELETE /api/${base}/{id}`]),
  ...['alarmprofiles', 'dataloggingprofiles', 'questions', 'correctiveactions', 'informationitems', 'checklistgroups', 'securitygroups', 'userviews']
    .flatMap((base) => [`POST /api/${base}`, `PUT /api/${base}/{id}`, `DELETE /api/${base}/{id}`]),
  'POST /api/informationitems/{id}/file', 'PUT /api/informationitems/{id}/file/complete', 'DELETE /api/informationitems/{id}/file', 'PUT /api/checklistgroups/order',
  'PUT /api/translations', 'DELETE /api/translations', 'PUT /api/notificationtemplates', 'DELETE /api/notificationtemplates',
  'POST /api/users', 'POST /api/users/invite', 'PUT /api/users/{id}', 'DELETE /api/users/{id}', 'PUT /api/users/{id}/status', 'PUT /api/users/{id}/mfa',
  'PUT /api/users/account/{email}',
]);

/** What a view answers about the caller or the view itself (the actor's own, nothing of a location). */
const PERSONAL = new Set([
  'PUT /api/users/login', 'PUT /api/users/login/{id}', 'GET /api/users/sessions', 'DELETE /api/users/sessions/{id}',
  'GET /api/session/active', 'GET /api/session/active/devices', 'GET /api/session/active/devices/push-key',
  'PUT /api/session/active/devices/{id}', 'DELETE /api/session/active/devices/{id}',
  'GET /api/account/me', 'POST /api/account/preferences', 'PUT /api/account/preferences',
  'GET /api/users/portallastselectedlocation', 'PUT /api/users/portallastselectedlocation',
  'GET /api/account/gridsettings/{gridId}', 'PUT /api/account/gridsettings/{gridId}',
  'GET /api/account/dashboardpreferences', 'PUT /api/account/dashboardpreferences', 'PUT /api/auditreport',
  'GET /api/users/me/notifications', 'PUT /api/users/me/notifications', 'POST /api/users/me/notifications/test',
  'POST /api/users/sendOTP', 'POST /api/users/verifyOTP',
  'GET /api/locations/names', 'GET /api/locations/navbar', 'GET /api/locations/corporate', 'GET /api/locations/exists/{name}',
  'GET /api/locations/shared', 'GET /api/locations/shared/pending',
  'POST /api/proxy-sessions', 'GET /api/proxy-sessions/current',
]);

/** Routes not called: they end the caller's own sessions or the view itself (the walk needs both). */
const NOT_CALLED = new Set(['PUT /api/users/logout', 'DELETE /api/users/sessions', 'DELETE /api/proxy-sessions/current']);

describe('a corporate view reaches nothing of another location', () => {
  const suffix = randomUUID().slice(0, 8);
  const { customerId } = DEMO_ORGANISATION;
  const otherUser = DEMO_USERS.find((user) => user.role === 'basicuser') ?? DEMO_USERS[0];
  let corporate: TestUser;
  let view: ProxySessionStarted;
  let startedAt = '';
  /** The other location's records, by what the paths name. */
  const other: Record<string, string> = {};
  /** The other location's records as read outside the view: the bodies of the changes tried. */
  const recordOf = new Map<string, unknown>();
  /** Strings that must appear in no answer of the view (ids and names of the other location's records). */
  const marks: string[] = [];

  const asView = (method: string, path: string, body?: unknown) => api(stack, corporate, method, path, body, { 'x-proxy-token': view.token });
  const created = async (path: string, body: unknown): Promise<string> => {
    const answer = await api(stack, corporate, 'POST', path, body);
    if (answer.status !== 201) throw new Error(`POST ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return (answer.body as { id: string }).id;
  };
  const firstOf = async (path: string, keep: (item: Record<string, unknown>) => boolean = () => true): Promise<string> => {
    const items = ((await api(stack, corporate, 'GET', path)).body as { items: Record<string, unknown>[] }).items;
    const found = items.find(keep);
    if (found === undefined) throw new Error(`Nothing at ${path}`);
    return String(found['id']);
  };

  beforeAll(async () => {
    corporate = await createUser(stack, 'admin');
    await provisionAccount(stack, { email: corporate.email, role: 'admin', customerId, accountId: corporate.accountId, hasDefaultLocAccess: true });
    const place = { address: '1 Test Street', city: 'Leeds', state: 'Yorkshire', country: 'United Kingdom', postalCode: 'LS1 1AA' };
    const emptyLocation = await created('/locations', { name: `Empty ${suffix}`, ...place });
    const onOther = (item: Record<string, unknown>) => item['locationId'] === DEMO_ORGANISATION.location.id;
    const sensorAt = await api(stack, corporate, 'GET', `/sensors/${DEMO_COOLER_SENSOR_ID}`);
    const cooler = sensorAt.body as { alarmProfileId: string; gatewayId: string; channels: { dataLoggingProfileId: string }[] };
    Object.assign(other, {
      location: DEMO_ORGANISATION.location.id,
      site: DEMO_ORGANISATION.site.id,
      sensor: DEMO_COOLER_SENSOR_ID,
      gateway: cooler.gatewayId,
      alarmProfile: cooler.alarmProfileId,
      dataLoggingProfile: cooler.channels[0]?.dataLoggingProfileId ?? '',
      notificationGroup: await firstOf('/notificationgroups', onOther),
      shift: DEMO_SHIFTS[0].id,
      checklist: 'demo-checklist-opening',
      // On a device of no notification group: an alarm of the demo's cooler would text and email its group, and the
      // storm rule would then hold the next demo alarm's messages for five minutes (test/e2e/notifications.test.ts).
      alarm: (await putTestAlarm(stack, customerId, { deviceId: `view-alarm-${suffix}`, siteId: DEMO_ORGANISATION.site.id, locationId: DEMO_ORGANISATION.location.id })).id,
      instance: await putTestInstance(stack, customerId, { siteId: DEMO_ORGANISATION.site.id }),
      securityGroup: await created('/securitygroups', { name: `Kitchen group ${suffix}`, siteIds: [DEMO_ORGANISATION.site.id] }),
      userView: await created('/userviews', { name: `Kitchen view ${suffix}`, siteIds: [DEMO_ORGANISATION.site.id] }),
      note: await created(`/sensors/${DEMO_COOLER_SENSOR_ID}/notes`, { name: `Note ${suffix}`, note: 'Checked.' }),
      user: otherUser?.accountId ?? '',
      userEmail: otherUser?.email ?? '',
      department: await created('/departments', { name: `Department ${suffix}` }),
      division: await created('/divisions', { name: `Division ${suffix}` }),
      question: await created('/questions', { text: `Hands washed ${suffix}?`, type: 'yesNo' }),
      correctiveAction: DEMO_CORRECTIVE_ACTIONS[0].id,
      informationItem: DEMO_INFORMATION_ITEM.id,
      checklistGroup: DEMO_CHECKLIST_GROUP.id,
    });
    for (const [path, id] of [
      ['/notificationgroups', other['notificationGroup']], ['/alarmprofiles', other['alarmProfile']], ['/dataloggingprofiles', other['dataLoggingProfile']],
      ['/sensors', other['sensor']], ['/gateways', other['gateway']], ['/sites', other['site']], ['/locations', other['location']],
      ['/shifts', other['shift']], ['/checklists', other['checklist']], ['/securitygroups', other['securityGroup']], ['/userviews', other['userView']],
      ['/users', other['user']],
    ] as const) {
      const read = await api(stack, corporate, 'GET', `${path}/${id ?? ''}`);
      expect(read.status, `${path}/${id ?? ''}`).toBe(200);
      recordOf.set(path, read.body);
      const { name } = read.body as { name?: unknown };
      if (typeof name === 'string' && !path.endsWith('profiles')) marks.push(name);
    }
    marks.push(...['location', 'site', 'sensor', 'gateway', 'notificationGroup', 'shift', 'checklist', 'alarm', 'instance',
      'securityGroup', 'userView', 'note', 'user', 'userEmail'].map((key) => other[key] ?? ''));
    startedAt = new Date().toISOString();
    const started = await api(stack, corporate, 'POST', '/proxy-sessions', { customerId, locationId: emptyLocation, reason: 'Corporate view walk', mode: 'write' });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    view = started.body as ProxySessionStarted;
  });

  /** The other location's record a path names: by its first segment (and for a few, the segment after). */
  const idFor = (path: string): string => {
    const [, resource = '', second = ''] = path.split('/');
    const byResource: Record<string, string | undefined> = {
      notificationgroups: other['notificationGroup'], alarmprofiles: other['alarmProfile'], dataloggingprofiles: other['dataLoggingProfile'],
      sensors: other['sensor'], gateways: other['gateway'], sites: other['site'], locations: other['location'], shifts: other['shift'],
      checklists: other['checklist'], alarms: other['alarm'], haccp: other['instance'], securitygroups: other['securityGroup'],
      userviews: other['userView'], users: other['user'], session: other['user'], departments: other['department'], divisions: other['division'],
      questions: other['question'], correctiveactions: other['correctiveAction'], informationitems: other['informationItem'],
      checklistgroups: other['checklistGroup'], superadmin: customerId, helpdesk: customerId,
    };
    if (resource === 'locations' && second === 'user') return other['user'] ?? '';
    return byResource[resource] ?? 'unknown';
  };
  const PARAMETERS: Record<string, string | undefined> = {
    noteId: undefined, fileId: 'no-such-file', calibrationId: 'no-such-calibration', changeId: 'no-such-change', questionId: 'demo-q-opening-probe',
    accountId: otherUser?.accountId, userId: otherUser?.accountId, customerId, gridId: 'sensors', name: 'Demo Foods HQ',
    email: otherUser?.email, idOrEmail: otherUser?.accountId,
  };
  const pathOf = (route: RouteDefinition): string => route.path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = name === 'id' ? idFor(route.path) : name === 'noteId' ? other['note'] : PARAMETERS[name];
    return encodeURIComponent(value ?? 'unknown');
  });
  /** The body a change is tried with: the other location's record itself where there is one (so it passes validation and names that location). */
  const bodyOf = (route: RouteDefinition): unknown => {
    if (route.body === undefined) return undefined;
    const record = recordOf.get(`/${route.path.split('/')[1] ?? ''}`);
    if (record === undefined || route.path.split('/').length > 3) return {};
    return route.method === 'POST' ? { ...(record as object), name: `Copy ${suffix}`, id: `C${suffix.slice(0, 7).toUpperCase()}` } : record;
  };

  for (const route of ROUTES) {
    const key = routeKeyOf(route);
    if (NOT_CALLED.has(key)) continue;
    it(`${route.method} ${API_PREFIX}${route.path}`, async () => {
      const answer = await asView(route.method, pathOf(route), bodyOf(route));
      const text = JSON.stringify(answer.body ?? '');
      expect(answer.status, text).toBeLessThan(500);
      expect(route.organisationWide === true, 'marked organisationWide in the route table').toBe(ORGANISATION_WIDE_CHANGES.has(key));
      if (ORGANISATION_WIDE_CHANGES.has(key)) {
        expect(answer, 'an organisation-wide change').toEqual({ status: 403, body: { message: MESSAGES.corporateViewOrganisationWide } });
        return;
      }
      if (ORGANISATION_WIDE_READS.has(key) || PERSONAL.has(key)) return;
      if (answer.status < 400) {
        // Only a list may answer, and without anything of the other location.
        expect(route.method, `${key} answered ${answer.status}: ${text}`).toBe('GET');
        expect(route.path.includes('{'), `${key} answered ${answer.status}: ${text}`).toBe(false);
        for (const mark of marks) expect(text, `${key} shows ${mark}`).not.toContain(mark);
      } else {
        expect([400, 403, 404], `${key}: ${text}`).toContain(answer.status);
      }
    });
  }

  it('made no change of the organisation while in the view (the Portal Audit holds only its start)', async () => {
    const entries = await queryAll(documents, organisationAuditNewestFirst(stack.tableName, customerId, startedAt, new Date().toISOString()), (item) => item);
    const inView = entries.filter((entry) => (entry['proxy'] as { sessionId?: unknown } | undefined)?.sessionId === view.sessionId && entry['entityType'] !== 'PROXYSESSION');
    expect(inView.map((entry) => `${String(entry['entityType'])} ${String(entry['entityId'])} ${String(entry['action'])}`)).toEqual([]);
  });

  it("lists none of the other location's notification groups, users and security groups, and finds them as missing", async () => {
    for (const path of ['/notificationgroups?limit=100', '/users?limit=100', '/securitygroups?limit=100', '/securitygroups/userlist', '/accounts']) {
      const listed = await asView('GET', path);
      expect(listed.status).toBe(200);
      expect((listed.body as { items: unknown[] }).items, path).toEqual([]);
    }
    expect(await asView('GET', `/notificationgroups/${other['notificationGroup'] ?? ''}`)).toEqual({ status: 404, body: { message: MESSAGES.notificationGroupNotFound } });
    expect(await asView('PUT', `/notificationgroups/${other['notificationGroup'] ?? ''}`, recordOf.get('/notificationgroups')))
      .toEqual({ status: 404, body: { message: MESSAGES.notificationGroupNotFound } });
    expect(await asView('GET', `/users/${other['user'] ?? ''}`)).toEqual({ status: 404, body: { message: MESSAGES.identityUserNotFound } });
    expect(await asView('GET', `/securitygroups/${other['securityGroup'] ?? ''}`)).toEqual({ status: 404, body: { message: MESSAGES.securityGroupNotFound } });
    // Profiles in use only on the other location's sites are its own: missing, and not listed.
    expect(await asView('GET', `/alarmprofiles/${other['alarmProfile'] ?? ''}`)).toEqual({ status: 404, body: { message: MESSAGES.alarmProfileNotFound } });
    expect(await asView('GET', `/dataloggingprofiles/${other['dataLoggingProfile'] ?? ''}`))
      .toEqual({ status: 404, body: { message: MESSAGES.dataLoggingProfileNotFound } });
    const [alarmProfiles, dataLoggingProfiles] = [await asView('GET', '/alarmprofiles?limit=100'), await asView('GET', '/dataloggingprofiles?limit=100')];
    expect((alarmProfiles.body as { items: { id: string }[] }).items.map((profile) => profile.id)).not.toContain(other['alarmProfile']);
    expect((dataLoggingProfiles.body as { items: { id: string }[] }).items.map((profile) => profile.id)).not.toContain(other['dataLoggingProfile']);
  });
});

/**
 * A view of a location with sites (issue 32 item 2): it sees that location's own records (its
 * sites, sensors, users with only its places, security groups, notification groups), none of
 * Main Kitchen's, reads the profiles in use on its sites or in use nowhere (not Main Kitchen's), and
 * can add the location's sensor with an unused profile and its own notification group; a device
 * saved with Main Kitchen's group or profiles is refused as naming an unknown one.
 */
describe('a corporate view of a location with sites sees its own records only', () => {
  const { customerId } = DEMO_ORGANISATION;
  let corporate: TestUser;
  let member: TestUser;
  let place: SensorPlace;
  let view: ProxySessionStarted;
  const own: Record<string, string> = {};
  let kitchenGroup = '';
  /** The profiles of Main Kitchen's cooler (in use there only). */
  const kitchenProfiles = { alarm: '', dataLogging: '' };
  const asView = (method: string, path: string, body?: unknown) => api(stack, corporate, method, path, body, { 'x-proxy-token': view.token });
  const idsOf = (body: unknown, field = 'id') => (body as { items: Record<string, unknown>[] }).items.map((item) => String(item[field])).sort();

  beforeAll(async () => {
    corporate = await createUser(stack, 'admin');
    place = await createSensorPlace(stack, corporate);
    // A user of this location (and of Main Kitchen's, which the view must not show).
    member = await createUser(stack, 'basicuser');
    // As user administration writes it (the list index too).
    await documents.send(new PutCommand(accountPut(stack.tableName, customerId, {
      accountId: member.accountId, email: member.email, role: 'basicuser', firstName: 'Depot', lastName: 'Member', isActive: true, isEmailVerified: true,
      locationIds: [place.locationId, DEMO_ORGANISATION.location.id], siteIds: [place.siteId, DEMO_ORGANISATION.site.id],
    })));
    own['group'] = await addNotificationGroup(stack, corporate, place);
    own['sensor'] = await addSensor(stack, corporate, place, { notificationGroupIds: [own['group']] });
    const securityGroup = await api(stack, corporate, 'POST', '/securitygroups', { name: `Depot group ${randomUUID().slice(0, 8)}`, siteIds: [place.siteId], memberAccountIds: [member.accountId] });
    expect(securityGroup.status, JSON.stringify(securityGroup.body)).toBe(201);
    own['securityGroup'] = (securityGroup.body as { id: string }).id;
    const groups = (await api(stack, corporate, 'GET', '/notificationgroups?limit=100')).body as { items: { id: string; locationId: string }[] };
    kitchenGroup = groups.items.find((group) => group.locationId === DEMO_ORGANISATION.location.id)?.id ?? '';
    const cooler = (await api(stack, corporate, 'GET', `/sensors/${DEMO_COOLER_SENSOR_ID}`)).body as { alarmProfileId: string; channels: { dataLoggingProfileId: string }[] };
    Object.assign(kitchenProfiles, { alarm: cooler.alarmProfileId, dataLogging: cooler.channels[0]?.dataLoggingProfileId ?? '' });
    const started = await api(stack, corporate, 'POST', '/proxy-sessions', { customerId, locationId: place.locationId, reason: 'Corporate view of a depot', mode: 'write' });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    view = started.body as ProxySessionStarted;
  });

  it("lists its location's sites, sensors, users, security groups and notification groups, and none of Main Kitchen's", async () => {
    const [sites, sensors, users, securityGroups, userList, groups, kitchenUser, memberRead, byLocation] = await Promise.all([
      asView('GET', '/sites'), asView('GET', '/sensors'), asView('GET', '/users?limit=100'), asView('GET', '/securitygroups?limit=100'),
      asView('GET', '/securitygroups/userlist'), asView('GET', '/notificationgroups?limit=100'), asView('GET', `/users/${DEMO_USERS[1]?.accountId ?? ''}`),
      asView('GET', `/users/${member.accountId}`), asView('GET', '/accounts/bylocations'),
    ]);
    expect(idsOf(sites.body)).toEqual([place.siteId, place.otherSiteId].sort());
    expect(idsOf(sensors.body)).toEqual([own['sensor']]);
    expect(idsOf(users.body, 'accountId')).toEqual([member.accountId]);
    expect(idsOf(securityGroups.body)).toEqual([own['securityGroup']]);
    expect((userList.body as { items: unknown[] }).items).toEqual([expect.objectContaining({ accountId: member.accountId, securityGroupIds: [own['securityGroup']] })]);
    expect(idsOf(groups.body)).toEqual([own['group']]);
    expect(kitchenUser).toEqual({ status: 404, body: { message: MESSAGES.identityUserNotFound } });
    // The member's other location and site are Main Kitchen's: not shown.
    expect(memberRead.body).toMatchObject({ accountId: member.accountId, locationIds: [place.locationId], siteIds: [place.siteId] });
    expect(idsOf(byLocation.body, 'locationId')).toEqual([place.locationId]);
  });

  it("reads the profiles in use on its sites and those in use nowhere; Main Kitchen's are missing", async () => {
    const [dataLoggingProfiles, alarmProfiles] = [await asView('GET', '/dataloggingprofiles?limit=100'), await asView('GET', '/alarmprofiles?limit=100')];
    // Its own sensor's profile, and one no sensor uses yet (a template of no location).
    expect(idsOf(dataLoggingProfiles.body)).toEqual(expect.arrayContaining([place.profileId, place.otherProfileId]));
    expect((await asView('GET', `/dataloggingprofiles/${place.otherProfileId}`)).status).toBe(200);
    expect(kitchenProfiles.alarm).not.toBe('');
    expect(kitchenProfiles.dataLogging).not.toBe('');
    expect(idsOf(dataLoggingProfiles.body)).not.toContain(kitchenProfiles.dataLogging);
    expect(idsOf(alarmProfiles.body)).not.toContain(kitchenProfiles.alarm);
    expect(await asView('GET', `/alarmprofiles/${kitchenProfiles.alarm}`)).toEqual({ status: 404, body: { message: MESSAGES.alarmProfileNotFound } });
    expect(await asView('GET', `/dataloggingprofiles/${kitchenProfiles.dataLogging}`)).toEqual({ status: 404, body: { message: MESSAGES.dataLoggingProfileNotFound } });
  });

  it("adds a sensor with an unused profile and its own group; Main Kitchen's group and profiles are unknown", async () => {
    const withProfile = (overrides: Record<string, unknown>) => sensorBody(place, {
      channels: [{ channel: 1, dataLoggingProfileId: place.otherProfileId, sensorType: 'temperature', sensorSubType: 'walkInCooler' },
        { channel: 2, dataLoggingProfileId: place.otherProfileId, sensorType: 'humidity', sensorSubType: 'relativeHumidity' }],
      ...overrides,
    });
    expect(kitchenGroup).not.toBe('');
    const unknownGroup = { status: 400, body: { message: MESSAGES.notificationGroupUnknown } };
    expect(await asView('POST', '/sensors', withProfile({ notificationGroupIds: [kitchenGroup] }))).toEqual(unknownGroup);
    expect(await asView('POST', '/sensors', withProfile({ inactivityNotificationGroupIds: [kitchenGroup] }))).toEqual(unknownGroup);
    const sensor = (await asView('GET', `/sensors/${own['sensor'] ?? ''}`)).body as Record<string, unknown>;
    const gateway = (await asView('GET', `/gateways/${place.gatewayId}`)).body as Record<string, unknown>;
    expect(await asView('PUT', `/sensors/${own['sensor'] ?? ''}`, { ...sensor, notificationGroupIds: [own['group'], kitchenGroup] })).toEqual(unknownGroup);
    expect(await asView('POST', '/sensors', withProfile({ alarmProfileId: kitchenProfiles.alarm })))
      .toMatchObject({ status: 400, body: { message: MESSAGES.alarmProfileUnknown } });
    expect(await asView('POST', '/sensors', sensorBody(place, { channels: [{ channel: 1, dataLoggingProfileId: kitchenProfiles.dataLogging, sensorType: 'temperature', sensorSubType: 'walkInCooler' }] })))
      .toMatchObject({ status: 400, body: { message: MESSAGES.dataLoggingProfileUnknown } });
    expect(await asView('PUT', `/sensors/${own['sensor'] ?? ''}`, { ...sensor, deviceAlarmProfileId: kitchenProfiles.alarm }))
      .toMatchObject({ status: 400, body: { message: MESSAGES.alarmProfileUnknown } });
    expect(await asView('PUT', `/gateways/${place.gatewayId}`, { ...gateway, alarmProfileId: kitchenProfiles.alarm }))
      .toMatchObject({ status: 400, body: { message: MESSAGES.alarmProfileUnknown } });
    const added = await asView('POST', '/sensors', withProfile({ notificationGroupIds: [own['group']] }));
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  });
});
