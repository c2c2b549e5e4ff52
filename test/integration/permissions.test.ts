import { AdminCreateUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ROLES, type Role } from '@domain/identity/roles';
import { API_PREFIX, ROUTES, routeKeyOf, type RouteDefinition } from '../../lambdas/routes';
import { DEMO_ORGANISATION, DEMO_PASSWORD } from '../../local/demo';
import { identityClient } from '../../local/identity';
import { putTestAlarm } from '../support/alarms';
import { putTestDelivery } from '../support/deliveries';
import { registerTestDevices, type TestDevices } from '../support/devices';
import { api, createUser, provisionAccount, readLatestCode, signIn, type TestUser } from '../support/identity';
import { fridgeQuestion, putTestInstance } from '../support/haccp';
import { putTestSensor } from '../support/telemetry';
import { postUpload, type UploadFormTicket } from '../support/uploads';

const stack = inject('stack');

/** What one call of a route is made of: the path with its parameters, a body, and who calls. */
interface Call {
  path: string;
  body?: unknown;
  /** Calls that end a session use throw-away tokens, so the caller's own stay valid. */
  as?: TestUser;
}

type Fixture = (user: TestUser, role: Role) => Promise<Call>;

const namedBody = () => ({ name: `P ${Math.random().toString(36).slice(2, 10)}` });
const encoded = (value: string) => encodeURIComponent(value);

/**
 * The route-table permission test: every route, called as every role of the organisation
 * and as another organisation. What the table refuses must be refused, and what it allows
 * must work for that role (each route gets a call that is valid for the caller).
 */
describe('every route, as every role', () => {
  const users = new Map<Role, TestUser>();
  let outsider: TestUser;
  const existingIds = new Map<string, string>();

  const admin = () => {
    const found = users.get('admin');
    if (found === undefined) throw new Error('no admin');
    return found;
  };
  /** The same user with new tokens and a session of their own. */
  const throwAway = async (user: TestUser): Promise<TestUser> => ({ ...user, token: await signIn(stack, user.email) });
  const currentSessionId = async (user: TestUser) => ((await api(stack, user, 'GET', '/session/active')).body as { id: string }).id;
  const catalogItem = async (resource: string) => {
    const created = await api(stack, admin(), 'POST', resource, namedBody());
    return (created.body as { id: string }).id;
  };
  const groupBody = () => ({ ...namedBody(), siteIds: [DEMO_ORGANISATION.site.id] });
  const userView = async () => {
    const created = await api(stack, admin(), 'POST', '/userviews', groupBody());
    return (created.body as { id: string }).id;
  };
  const securityGroup = async () => {
    const created = await api(stack, admin(), 'POST', '/securitygroups', groupBody());
    return (created.body as { id: string }).id;
  };

  const newUserBody = () => ({
    firstName: 'Perm', lastName: 'Test', email: `perm-${randomUUID().slice(0, 8)}@test.example`, role: 'basicuser',
    siteIds: [DEMO_ORGANISATION.site.id],
  });
  /** A user of the organisation, added by its administrator. */
  const organisationUser = async (body: ReturnType<typeof newUserBody>) => {
    const created = await api(stack, admin(), 'POST', '/users', body);
    return (created.body as { id: string }).id;
  };
  const uniquePhone = () => `+1333${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

  /**
   * Locations and sites: a location of the organisation's own for these calls (never the demo
   * one, whose sites other tests count) with a site holding a PDF, and the caller given that
   * location (an administrator also corporate access), as user administration would.
   */
  const placeBody = () => ({ ...namedBody(), address: '1 Test Street', city: 'Leeds', state: 'Yorkshire', country: 'United Kingdom', postalCode: 'LS1 1AA' });
  const siteBody = (locationId: string) => ({
    ...namedBody(), locationIds: [locationId], timezone: 'Europe/London', billingAddressSameAsSite: false,
    billingAddress: { address: '1 Test Street', city: 'Leeds', state: 'Yorkshire', country: 'United Kingdom', postalCode: 'LS1 1AA' },
  });
  const pdf = { fileName: 'plan.pdf', data: Buffer.from('%PDF-1.4 permissions').toString('base64') };
  let testPlace: { locationId: string; siteId: string } | undefined;
  const assign = async (user: TestUser, fields: Record<string, unknown> = {}) => {
    testPlace ??= await (async () => {
      await provisionAccount(stack, { email: admin().email, role: 'admin', customerId: admin().customerId, accountId: admin().accountId, hasDefaultLocAccess: true });
      const location = (await api(stack, admin(), 'POST', '/locations', placeBody())).body as { id: string };
      const site = (await api(stack, admin(), 'POST', '/sites', siteBody(location.id))).body as { id: string };
      await api(stack, admin(), 'PUT', `/sites/${site.id}/document`, pdf);
      return { locationId: location.id, siteId: site.id };
    })();
    const commandPlace = commandDevices === undefined ? undefined : await commandDevices;
    await provisionAccount(stack, {
      email: user.email, role: user.role, customerId: user.customerId, accountId: user.accountId,
      // The test place, the demo site the user views name and the command devices' place, once made
      // (a user reaches only the sites assigned to them).
      locationIds: [testPlace.locationId, DEMO_ORGANISATION.location.id, ...(commandPlace ? [commandPlace.locationId] : [])],
      siteIds: [testPlace.siteId, DEMO_ORGANISATION.site.id, ...(commandPlace ? [commandPlace.siteId] : [])],
      hasDefaultLocAccess: user.role === 'admin', ...fields,
    });
    return testPlace;
  };
  const freshLocation = async () => {
    await assign(admin());
    return ((await api(stack, admin(), 'POST', '/locations', placeBody())).body as { id: string }).id;
  };
  const freshSite = async () => {
    const { locationId } = await assign(admin());
    const id = ((await api(stack, admin(), 'POST', '/sites', siteBody(locationId))).body as { id: string }).id;
    await api(stack, admin(), 'PUT', `/sites/${id}/document`, pdf);
    return id;
  };
  /** A location of another organisation shared with the user, waiting for their answer. */
  const offeredTo = async (user: TestUser) => {
    const location = (await api(stack, outsider, 'POST', '/locations', placeBody())).body as { id: string };
    await api(stack, outsider, 'POST', `/locations/${location.id}/shares`, { email: user.email });
    await expect.poll(async () => JSON.stringify((await api(stack, user, 'GET', '/locations/shared/pending')).body)).toContain(location.id);
    return location.id;
  };
  const shareTarget = async () => createUser(stack, 'basicuser', 'share-target-org');
  /** A gateway and sensors of the organisation (test/support/devices.ts), for the device command routes. */
  let commandDevices: Promise<TestDevices> | undefined;
  const devicesForCommands = () => (commandDevices ??= registerTestDevices(stack, admin()));

  /**
   * Devices (issue 5): gateways, a data logging profile and a sensor on the test site, and
   * notes and files of both kinds of device, as an administrator makes them through the API.
   */
  const hexId = (bytes: number) => randomUUID().replace(/-/g, '').slice(0, bytes * 2).toUpperCase();
  const gatewayBody = (place: { locationId: string; siteId: string }) => ({
    name: `Gateway ${hexId(3)}`, model: 'GW-SG1', macId: hexId(6), eui: hexId(8), locationIds: [place.locationId], siteId: place.siteId,
  });
  const profileBody = () => ({ ...namedBody(), valueToLog: 'average', intervalMinutes: 15, calculationWindowMinutes: 15, deviation: 0.5 });
  const added = async (path: string, body: unknown): Promise<string> => {
    const created = await api(stack, admin(), 'POST', path, body);
    if (created.status !== 201) throw new Error(`POST ${path} answered ${created.status}: ${JSON.stringify(created.body)}`);
    return (created.body as { id: string }).id;
  };
  const freshGateway = async () => {
    const body = gatewayBody(await assign(admin()));
    return { id: await added('/gateways', body), body };
  };
  let sharedGateway: Promise<string> | undefined;
  const gateway = () => (sharedGateway ??= freshGateway().then(({ id }) => id));
  let sharedProfile: Promise<string> | undefined;
  const profile = () => (sharedProfile ??= added('/dataloggingprofiles', profileBody()));
  const alarmProfileBody = () => ({
    ...namedBody(), description: 'Cooler 0-5 °C', types: ['outOfRange'], alarmDelayMinutes: 30, notificationDelayMinutes: 0, snoozeIntervalMinutes: 30, snoozeLimit: 3, min: 0, max: 5,
  });
  let sharedAlarmProfile: Promise<string> | undefined;
  const alarmProfile = () => (sharedAlarmProfile ??= added('/alarmprofiles', alarmProfileBody()));
  /** Notification groups (issue 14 section 1): on the test site, the administrator at level 1. */
  const notificationGroupBody = async () => {
    const place = await assign(admin());
    return {
      ...namedBody(), description: 'Kitchen alarms', locationId: place.locationId, siteIds: [place.siteId],
      schedules: [{ name: 'Day', days: ['monday'], start: '08:00', end: '18:00', users: [{ accountId: admin().accountId, level: 1, delayMinutes: 0, channels: ['email'] }] }],
    };
  };
  /** HACCP shifts (issue 15): a 24-hour shift on the test site, every Monday. */
  const shiftBody = async () => {
    const place = await assign(admin());
    return {
      ...namedBody(), siteId: place.siteId, locationId: place.locationId, shiftType: 'allDay',
      schedules: [{ name: 'Mondays', days: [1], startDate: '2026-01-05', recurrence: { frequency: 'weekly', interval: 1 } }],
    };
  };
  let sharedNotificationGroup: Promise<string> | undefined;
  const notificationGroup = () => (sharedNotificationGroup ??= notificationGroupBody().then((body) => added('/notificationgroups', body)));
  /** HACCP checklists (issue 15): on the test site with a shift of its own, and a Question List entry. */
  const checklistBody = async () => {
    const place = await assign(admin());
    const shiftId = await added('/shifts', {
      ...namedBody(), siteId: place.siteId, locationId: place.locationId, shiftType: 'allDay',
      schedules: [{ name: 'Every day', days: [1], startDate: '2026-01-05', recurrence: { frequency: 'daily', interval: 1 } }],
    });
    return { ...namedBody(), siteId: place.siteId, locationIds: [place.locationId], shiftId, questions: [{ text: 'Floor clean?', type: 'yesNo' }, { text: 'Soup', type: 'probeTemperature', min: 63, max: 99 }] };
  };
  const checklist = async () => added('/checklists', await checklistBody());
  const questionBody = () => ({ text: `Hands washed ${hexId(4)}?`, type: 'yesNo' });
  let sharedSensor: Promise<string> | undefined;
  const sensor = () => (sharedSensor ??= (async () => {
    const place = await assign(admin());
    return added('/sensors', {
      id: hexId(4), name: `Sensor ${hexId(3)}`, deviceModel: 'CT-100', connectionType: 'subGhz', locationId: place.locationId, siteId: place.siteId,
      gatewayId: await gateway(), channels: [{ channel: 1, dataLoggingProfileId: await profile(), sensorType: 'temperature', sensorSubType: 'ambient' }],
    });
  })());
  /**
   * Alarms (issue 13 section 3): a fresh active alarm of the test sensor on the test site for
   * each call (an acknowledgement or a snooze changes it), written as the engine raises one,
   * with the alarm profile whose snooze interval and limit apply.
   */
  const freshAlarm = async () => {
    const place = await assign(admin());
    return (await putTestAlarm(stack, admin().customerId, { deviceId: await sensor(), siteId: place.siteId, locationId: place.locationId, profileId: await alarmProfile() })).id;
  };
  const acknowledgement = () => ({ reason: 'Door closed', correctiveAction: 'Product temperature checked' });
  /** A message of a fresh alarm parked in the dead-letter store (issue 14 section 3), as the senders leave one: its resend key. */
  const deadDelivery = async () => {
    const delivery = await putTestDelivery(stack, admin().customerId, { alarmId: await freshAlarm(), accountId: admin().accountId });
    return { alarmId: delivery.alarmId, stepKey: delivery.stepKey, channel: delivery.channel };
  };
  type DeviceOwner = 'sensors' | 'gateways';
  /** A day's Temperature Log of the test sensor on the test site (the basic user is assigned there). */
  const reportParameters = async () => {
    const place = await assign(admin());
    return { locationId: place.locationId, siteIds: [place.siteId], sensorIds: [await sensor()], from: '2026-03-02', to: '2026-03-02' };
  };
  const reportRun = async (user: TestUser): Promise<string> => {
    const created = await api(stack, user, 'POST', '/reports/runs', { reportId: 'temperatureLog', format: 'csv', parameters: await reportParameters() });
    if (created.status !== 201) throw new Error(`No report run: ${JSON.stringify(created.body)}`);
    return (created.body as { id: string }).id;
  };
  const device = (owner: DeviceOwner) => (owner === 'sensors' ? sensor() : gateway());
  const deviceNote = async (owner: DeviceOwner) => {
    const id = await device(owner);
    return { id, noteId: await added(`/${owner}/${id}/notes`, { name: `Note ${hexId(4)}`, note: 'Checked.' }) };
  };
  /** A file whose bytes are in the bucket; confirmed unless asked not to be. */
  const deviceFile = async (owner: DeviceOwner, confirm = true) => {
    const id = await device(owner);
    const ticket = await api(stack, admin(), 'POST', `/${owner}/${id}/files`, { fileName: 'notes.txt', contentType: 'text/plain', size: 5 });
    const { file } = ticket.body as { file: { id: string } };
    await postUpload(ticket.body as UploadFormTicket, 'hello');
    if (confirm) await api(stack, admin(), 'PUT', `/${owner}/${id}/files/${file.id}/complete`);
    return { id, fileId: file.id };
  };
  const deviceRecordFixtures = (owner: DeviceOwner): Record<string, Fixture> => ({
    [`GET /api/${owner}/{id}/notes`]: async () => ({ path: `/${owner}/${await device(owner)}/notes` }),
    [`POST /api/${owner}/{id}/notes`]: async () => ({ path: `/${owner}/${await device(owner)}/notes`, body: { name: `Note ${hexId(4)}`, note: 'Added.' } }),
    [`PUT /api/${owner}/{id}/notes/{noteId}`]: async () => {
      const { id, noteId } = await deviceNote(owner);
      return { path: `/${owner}/${id}/notes/${noteId}`, body: { name: `Note ${hexId(4)}`, note: 'Edited.' } };
    },
    [`DELETE /api/${owner}/{id}/notes/{noteId}`]: async () => {
      const { id, noteId } = await deviceNote(owner);
      return { path: `/${owner}/${id}/notes/${noteId}` };
    },
    [`GET /api/${owner}/{id}/files`]: async () => ({ path: `/${owner}/${await device(owner)}/files` }),
    [`POST /api/${owner}/{id}/files`]: async () => ({ path: `/${owner}/${await device(owner)}/files`, body: { fileName: 'a.pdf', contentType: 'application/pdf', size: 100 } }),
    [`PUT /api/${owner}/{id}/files/{fileId}/complete`]: async () => {
      const { id, fileId } = await deviceFile(owner, false);
      return { path: `/${owner}/${id}/files/${fileId}/complete` };
    },
    [`GET /api/${owner}/{id}/files/{fileId}/download`]: async () => {
      const { id, fileId } = await deviceFile(owner);
      return { path: `/${owner}/${id}/files/${fileId}/download` };
    },
    [`DELETE /api/${owner}/{id}/files/{fileId}`]: async () => {
      const { id, fileId } = await deviceFile(owner);
      return { path: `/${owner}/${id}/files/${fileId}` };
    },
  });

  /** A sensor on the test site, written as its configuration item (the device data routes). */
  let telemetrySensor: Promise<string> | undefined;
  const sensorWithData = async (user: TestUser) => {
    const place = await assign(user);
    return (telemetrySensor ??= putTestSensor(stack, admin().customerId, { siteId: place.siteId, locationId: place.locationId }));
  };

  /**
   * Sensors (issue 5 section 3): a new one on the test site for each call that changes it, the
   * shared one for reads; calibrations with a certificate; a disabled one to enable; a
   * scheduled change to cancel.
   */
  const sensorInput = async () => {
    const place = await assign(admin());
    return {
      id: hexId(4), name: `Sensor ${hexId(3)}`, deviceModel: 'CT-100', connectionType: 'subGhz', locationId: place.locationId, siteId: place.siteId,
      gatewayId: await gateway(), channels: [{ channel: 1, dataLoggingProfileId: await profile(), sensorType: 'temperature', sensorSubType: 'ambient' }],
    };
  };
  const freshSensor = async () => {
    const body = await sensorInput();
    return { id: await added('/sensors', body), body };
  };
  const disabledSensor = async () => {
    const { id } = await freshSensor();
    await api(stack, admin(), 'POST', `/sensors/${id}/disable`, { reason: 'Permission test' });
    return id;
  };
  const scheduledChange = async () => {
    const { id } = await freshSensor();
    const disabled = await api(stack, admin(), 'POST', `/sensors/${id}/disable`, { reason: 'Permission test', disableAt: new Date(Date.now() + 86_400_000).toISOString() });
    return { id, changeId: (disabled.body as { scheduledChanges: { id: string }[] }).scheduledChanges[0]?.id ?? '' };
  };
  const calibration = async () => {
    const id = await sensor();
    return { id, calibrationId: await added(`/sensors/${id}/calibrations`, { issueDate: '2026-01-15', renewalDate: '2027-01-15', certificate: pdf }) };
  };
  const quickRegisterBody = async () => {
    const place = await assign(admin());
    return { siteId: place.siteId, locationId: place.locationId, gatewayId: await gateway(), deviceModel: 'CT-100', connectionType: 'subGhz', dataLoggingProfileId: await profile(), lines: `${hexId(4)}\n${hexId(4)}` };
  };
  const sensorFixtures: Record<string, Fixture> = {
    'POST /api/sensors': async () => ({ path: '/sensors', body: await sensorInput() }),
    'POST /api/sensors/quickregister': async () => ({ path: '/sensors/quickregister', body: await quickRegisterBody() }),
    'GET /api/sensors/{id}': async () => ({ path: `/sensors/${await sensor()}` }),
    'PUT /api/sensors/{id}': async () => {
      const { id, body } = await freshSensor();
      return { path: `/sensors/${id}`, body: { ...body, name: `Renamed ${hexId(3)}` } };
    },
    'DELETE /api/sensors/{id}': async () => ({ path: `/sensors/${(await freshSensor()).id}` }),
    'PUT /api/sensors/{id}/status': async () => ({ path: `/sensors/${(await freshSensor()).id}/status`, body: { deviceStatus: 'inTransit' } }),
    'POST /api/sensors/{id}/disable': async () => ({ path: `/sensors/${(await freshSensor()).id}/disable`, body: { reason: 'Permission test' } }),
    'POST /api/sensors/{id}/enable': async () => ({ path: `/sensors/${await disabledSensor()}/enable`, body: {} }),
    'DELETE /api/sensors/{id}/scheduledchanges/{changeId}': async () => {
      const { id, changeId } = await scheduledChange();
      return { path: `/sensors/${id}/scheduledchanges/${changeId}` };
    },
    'GET /api/sensors/{id}/history': async () => ({ path: `/sensors/${await sensor()}/history` }),
    'GET /api/sensors/{id}/calibrations': async () => ({ path: `/sensors/${await sensor()}/calibrations` }),
    'POST /api/sensors/{id}/calibrations': async () => ({ path: `/sensors/${await sensor()}/calibrations`, body: { issueDate: '2026-02-01', certificate: pdf } }),
    'DELETE /api/sensors/{id}/calibrations/{calibrationId}': async () => {
      const { id, calibrationId } = await calibration();
      return { path: `/sensors/${id}/calibrations/${calibrationId}` };
    },
    'GET /api/sensors/{id}/calibrations/{calibrationId}/certificate': async () => {
      const { id, calibrationId } = await calibration();
      return { path: `/sensors/${id}/calibrations/${calibrationId}/certificate` };
    },
    'GET /api/sensors/{id}/equipment': async () => ({ path: `/sensors/${await sensor()}/equipment` }),
    'PUT /api/sensors/{id}/equipment': async () => ({ path: `/sensors/${await sensor()}/equipment`, body: { type: 'walkInCooler', refrigerant: 'R-290' } }),
  };

  /**
   * The HACCP library (issue 15 section 1): standard corrective actions, information items
   * (with a picture or PDF uploaded through a presigned URL, confirmed unless asked not to be)
   * and checklist groups, a fresh one for each call that changes it.
   */
  const informationBody = () => ({ ...namedBody(), text: 'Wash the probe before use.' });
  const informationWithFile = async (confirm = true) => {
    const id = await added('/informationitems', informationBody());
    const ticket = await api(stack, admin(), 'POST', `/informationitems/${id}/file`, { fileName: 'probe.pdf', contentType: 'application/pdf', size: 9 });
    await postUpload(ticket.body as UploadFormTicket, '%PDF-1.4\n');
    if (confirm) await api(stack, admin(), 'PUT', `/informationitems/${id}/file/complete`);
    return id;
  };
  let sharedChecklistGroup: Promise<string> | undefined;
  const checklistGroup = () => (sharedChecklistGroup ??= added('/checklistgroups', namedBody()));
  const groupIdsInOrder = async () => ((await api(stack, admin(), 'GET', '/checklistgroups')).body as { items: { id: string }[] }).items.map((group) => group.id);
  const haccpLibraryFixtures: Record<string, Fixture> = {
    'POST /api/correctiveactions': async () => ({ path: '/correctiveactions', body: namedBody() }),
    'GET /api/correctiveactions/{id}': async () => ({ path: `/correctiveactions/${await added('/correctiveactions', namedBody())}` }),
    'PUT /api/correctiveactions/{id}': async () => ({ path: `/correctiveactions/${await added('/correctiveactions', namedBody())}`, body: { ...namedBody(), description: 'Changed' } }),
    'DELETE /api/correctiveactions/{id}': async () => ({ path: `/correctiveactions/${await added('/correctiveactions', namedBody())}` }),
    'POST /api/informationitems': async () => ({ path: '/informationitems', body: informationBody() }),
    'GET /api/informationitems/{id}': async () => ({ path: `/informationitems/${await added('/informationitems', informationBody())}` }),
    'PUT /api/informationitems/{id}': async () => ({ path: `/informationitems/${await added('/informationitems', informationBody())}`, body: informationBody() }),
    'DELETE /api/informationitems/{id}': async () => ({ path: `/informationitems/${await informationWithFile()}` }),
    'POST /api/informationitems/{id}/file': async () => ({
      path: `/informationitems/${await added('/informationitems', informationBody())}/file`, body: { fileName: 'plan.png', contentType: 'image/png', size: 100 },
    }),
    'PUT /api/informationitems/{id}/file/complete': async () => ({ path: `/informationitems/${await informationWithFile(false)}/file/complete` }),
    'GET /api/informationitems/{id}/file': async () => ({ path: `/informationitems/${await informationWithFile()}/file` }),
    'DELETE /api/informationitems/{id}/file': async () => ({ path: `/informationitems/${await informationWithFile()}/file` }),
    'POST /api/checklistgroups': async () => ({ path: '/checklistgroups', body: namedBody() }),
    'PUT /api/checklistgroups/order': async () => {
      await checklistGroup();
      return { path: '/checklistgroups/order', body: { ids: (await groupIdsInOrder()).reverse() } };
    },
    'GET /api/checklistgroups/{id}': async () => ({ path: `/checklistgroups/${await checklistGroup()}` }),
    'PUT /api/checklistgroups/{id}': async () => ({ path: `/checklistgroups/${await checklistGroup()}`, body: namedBody() }),
    'DELETE /api/checklistgroups/{id}': async () => ({ path: `/checklistgroups/${await added('/checklistgroups', namedBody())}` }),
  };

  /**
   * Filling checklists (issue 15 section 2): the caller given HACCP access and the test place,
   * and an instance on its site written as the schedule job would (test/support/haccp.ts); one
   * without questions submits as it is.
   */
  const haccpInstance = async (user: TestUser, questions = [fridgeQuestion({ id: 'q-permissions' })]) => {
    const { siteId } = await assign(user, { isHaccpAvailable: true });
    return putTestInstance(stack, user.customerId, { siteId, questions });
  };
  const fillingFixtures: Record<string, Fixture> = {
    'GET /api/haccp/today': async (user) => {
      await assign(user, { isHaccpAvailable: true });
      return { path: '/haccp/today' };
    },
    'GET /api/haccp/instances/{id}': async (user) => ({ path: `/haccp/instances/${await haccpInstance(user)}` }),
    'PUT /api/haccp/instances/{id}/answers/{questionId}': async (user) => ({
      path: `/haccp/instances/${await haccpInstance(user)}/answers/q-permissions`,
      body: { idempotencyKey: `k-${randomUUID()}`, value: 3, answeredAt: new Date().toISOString() },
    }),
    'POST /api/haccp/instances/{id}/submit': async (user) => ({
      path: `/haccp/instances/${await haccpInstance(user, [])}/submit`, body: { idempotencyKey: `s-${randomUUID()}` },
    }),
  };

  /** Super-administration (issue 16): an organisation of its own for the calls that change one, never the demo's. */
  const organisationBody = () => ({
    name: `Perm Org ${randomUUID().slice(0, 8)}`, timezone: 'Europe/London', customerGroupId: DEMO_ORGANISATION.customerGroupId,
    administrator: { email: `perm-owner-${randomUUID().slice(0, 8)}@test.example`, firstName: 'Perm', lastName: 'Owner' },
  });
  const freshOrganisation = async (user: TestUser) => {
    const created = await api(stack, user, 'POST', '/superadmin/organisations', organisationBody());
    if (created.status !== 201) throw new Error(`No organisation: ${JSON.stringify(created.body)}`);
    return (created.body as { customerId: string }).customerId;
  };
  const superadminFixtures: Record<string, Fixture> = {
    'POST /api/superadmin/organisations': async () => ({ path: '/superadmin/organisations', body: organisationBody() }),
    'GET /api/superadmin/organisations/{id}': async () => ({ path: `/superadmin/organisations/${DEMO_ORGANISATION.customerId}` }),
    'PUT /api/superadmin/organisations/{id}': async (user) => {
      const { administrator: _administrator, ...fields } = organisationBody();
      return { path: `/superadmin/organisations/${await freshOrganisation(user)}`, body: fields };
    },
    'PUT /api/superadmin/organisations/{id}/status': async (user) => ({ path: `/superadmin/organisations/${await freshOrganisation(user)}/status`, body: { status: 'disabled' } }),
    'POST /api/superadmin/customergroups': async () => ({ path: '/superadmin/customergroups', body: { name: `Perm group ${randomUUID().slice(0, 8)}` } }),
    'PUT /api/superadmin/customergroups/{id}': async (user) => {
      const created = await api(stack, user, 'POST', '/superadmin/customergroups', { name: `Perm group ${randomUUID().slice(0, 8)}` });
      if (created.status !== 201) throw new Error(`No customer group: ${JSON.stringify(created.body)}`);
      return { path: `/superadmin/customergroups/${(created.body as { id: string }).id}`, body: { name: `Perm renamed ${randomUUID().slice(0, 8)}` } };
    },
  };

  /** Helpdesk (issue 16 section 2): the demo organisation, and a user of its own for each support action. */
  const supportedUser = async () => (await createUser(stack, 'basicuser')).accountId;
  const invitedUser = async () => {
    const email = `invited-${randomUUID().slice(0, 8)}@test.example`;
    const accountId = `account-${randomUUID()}`;
    const client = identityClient(stack.identityEndpoint, stack.credentials);
    try {
      await client.send(new AdminCreateUserCommand({
        UserPoolId: stack.userPoolId, Username: email, MessageAction: 'SUPPRESS', TemporaryPassword: DEMO_PASSWORD,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'custom:customerid', Value: DEMO_ORGANISATION.customerId },
          { Name: 'custom:role', Value: 'basicuser' },
          { Name: 'custom:accountinfoid', Value: accountId },
        ],
      }));
    } finally {
      client.destroy();
    }
    await provisionAccount(stack, { email, role: 'basicuser', customerId: DEMO_ORGANISATION.customerId, accountId, inviteDate: '2026-11-27 10:00:00' });
    return accountId;
  };
  const supportPath = (accountId: string, action: string) => `/helpdesk/organisations/${DEMO_ORGANISATION.customerId}/users/${accountId}/${action}`;
  const helpdeskFixtures: Record<string, Fixture> = {
    'GET /api/helpdesk/organisations/{customerId}': async () => ({ path: `/helpdesk/organisations/${DEMO_ORGANISATION.customerId}` }),
    'POST /api/helpdesk/organisations/{customerId}/users/{userId}/reset-mfa': async () => ({ path: supportPath(await supportedUser(), 'reset-mfa') }),
    'POST /api/helpdesk/organisations/{customerId}/users/{userId}/resend-invitation': async () => ({ path: supportPath(await invitedUser(), 'resend-invitation') }),
    'POST /api/helpdesk/organisations/{customerId}/users/{userId}/unlock': async () => ({ path: supportPath(await supportedUser(), 'unlock') }),
    'POST /api/helpdesk/organisations/{customerId}/users/{userId}/end-sessions': async () => ({ path: supportPath(await supportedUser(), 'end-sessions') }),
  };

  const FIXTURES: Record<string, Fixture> = {
    // The dashboard's widgets narrowed to a user view of the organisation; insight over a sensor with readings.
    'GET /api/dashboard/health': async () => ({ path: `/dashboard/health?userViewId=${existingIds.get('/userviews') ?? ''}` }),
    'GET /api/dashboard/alarms': async () => ({ path: `/dashboard/alarms?userViewId=${existingIds.get('/userviews') ?? ''}` }),
    'GET /api/dashboard/checklist-exceptions': async () => ({ path: `/dashboard/checklist-exceptions?userViewId=${existingIds.get('/userviews') ?? ''}` }),
    'GET /api/dashboard/insight': async (user) => {
      await sensorWithData(user);
      return { path: '/dashboard/insight' };
    },
    'GET /api/graphdata': async (user) => ({ path: `/graphdata?queryId=${await sensorWithData(user)}` }),
    'GET /api/sensors/{id}/readings': async (user) => ({ path: `/sensors/${await sensorWithData(user)}/readings` }),
    'GET /api/sensors/{id}/commands': async (user) => {
      const { radioSensorId } = await devicesForCommands();
      await assign(user);
      return { path: `/sensors/${radioSensorId}/commands` };
    },
    'POST /api/sensors/{id}/commands': async () => ({ path: `/sensors/${(await devicesForCommands()).radioSensorId}/commands`, body: { command: 'requestStatus' } }),
    'GET /api/gateways/{id}/commands': async (user) => {
      const { gatewayId } = await devicesForCommands();
      await assign(user);
      return { path: `/gateways/${gatewayId}/commands` };
    },
    'POST /api/gateways/{id}/commands': async () => ({ path: `/gateways/${(await devicesForCommands()).gatewayId}/commands`, body: { command: 'ping' } }),
    'POST /api/locations': async () => ({ path: '/locations', body: placeBody() }),
    'POST /api/sites': async (user) => ({ path: '/sites', body: siteBody((await assign(user)).locationId) }),
    'GET /api/locations/{id}': async (user) => ({ path: `/locations/${(await assign(user)).locationId}` }),
    'PUT /api/locations/{id}': async () => ({ path: `/locations/${await freshLocation()}`, body: placeBody() }),
    'PUT /api/locations/{id}/mapping': async () => ({ path: `/locations/${await freshLocation()}/mapping`, body: { fieldsToUpdate: { city: 'York' } } }),
    'DELETE /api/locations/{id}': async () => ({ path: `/locations/${await freshLocation()}` }),
    'GET /api/locations/exists/{name}': async () => ({ path: `/locations/exists/${encoded(DEMO_ORGANISATION.location.name)}` }),
    'GET /api/locations/user/{idOrEmail}': async (user) => ({ path: `/locations/user/${encoded(user.email)}` }),
    'GET /api/users/{id}/locations': async (user) => ({ path: `/users/${user.accountId}/locations` }),
    'PUT /api/locations/shared/{id}': async (user) => ({ path: `/locations/shared/${await offeredTo(user)}`, body: { accept: true } }),
    'GET /api/locations/{id}/shares': async (user) => ({ path: `/locations/${(await assign(user)).locationId}/shares` }),
    'POST /api/locations/{id}/shares': async (user) => ({ path: `/locations/${(await assign(user)).locationId}/shares`, body: { email: (await shareTarget()).email } }),
    'DELETE /api/locations/{id}/shares/{accountId}': async (user) => {
      const { locationId } = await assign(user);
      const target = await shareTarget();
      await api(stack, user, 'POST', `/locations/${locationId}/shares`, { email: target.email });
      return { path: `/locations/${locationId}/shares/${target.accountId}` };
    },
    'GET /api/sites/{id}': async (user) => ({ path: `/sites/${(await assign(user)).siteId}` }),
    'PUT /api/sites/{id}': async () => {
      const { locationId } = await assign(admin());
      return { path: `/sites/${await freshSite()}`, body: siteBody(locationId) };
    },
    'DELETE /api/sites/{id}': async () => ({ path: `/sites/${await freshSite()}` }),
    'GET /api/sites/{id}/users': async (user) => ({ path: `/sites/${(await assign(user)).siteId}/users` }),
    'GET /api/sites/{id}/devices': async (user) => ({ path: `/sites/${(await assign(user)).siteId}/devices` }),
    'PUT /api/sites/{id}/document': async () => ({ path: `/sites/${await freshSite()}/document`, body: pdf }),
    'GET /api/sites/{id}/document': async (user) => ({ path: `/sites/${(await assign(user)).siteId}/document` }),
    'DELETE /api/sites/{id}/document': async () => ({ path: `/sites/${await freshSite()}/document` }),
    'POST /api/securitygroups': async () => ({ path: '/securitygroups', body: groupBody() }),
    'POST /api/userviews': async () => ({ path: '/userviews', body: groupBody() }),
    'PUT /api/account/dashboardpreferences': async () => ({ path: '/account/dashboardpreferences', body: { panels: ['systemHealth'], defaultUserViewId: null } }),
    'PUT /api/translations': async () => ({ path: '/translations', body: {} }),
    'PUT /api/auditreport': async () => ({ path: '/auditreport', body: { action: 'passwordUpdate' } }),
    'GET /api/userviews/{id}': async () => ({ path: `/userviews/${existingIds.get('/userviews') ?? ''}` }),
    'PUT /api/userviews/{id}': async () => ({ path: `/userviews/${existingIds.get('/userviews') ?? ''}`, body: groupBody() }),
    'DELETE /api/userviews/{id}': async () => ({ path: `/userviews/${await userView()}` }),
    'GET /api/securitygroups/{id}': async () => ({ path: `/securitygroups/${existingIds.get('/securitygroups') ?? ''}` }),
    'PUT /api/securitygroups/{id}': async () => ({ path: `/securitygroups/${existingIds.get('/securitygroups') ?? ''}`, body: groupBody() }),
    'DELETE /api/securitygroups/{id}': async () => ({ path: `/securitygroups/${await securityGroup()}` }),
    'GET /api/account/gridsettings/{gridId}': async () => ({ path: MARKED_GRID }),
    'PUT /api/account/gridsettings/{gridId}': async () => ({ path: '/account/gridsettings/permissions-put', body: { columnOrder: ['name'] } }),
    'GET /api/departments/{id}': async () => ({ path: `/departments/${existingIds.get('/departments') ?? ''}` }),
    'PUT /api/departments/{id}': async () => ({ path: `/departments/${existingIds.get('/departments') ?? ''}`, body: namedBody() }),
    'PATCH /api/departments/{id}': async () => ({ path: `/departments/${existingIds.get('/departments') ?? ''}`, body: namedBody() }),
    'DELETE /api/departments/{id}': async () => ({ path: `/departments/${await catalogItem('/departments')}` }),
    'GET /api/divisions/{id}': async () => ({ path: `/divisions/${existingIds.get('/divisions') ?? ''}` }),
    'PUT /api/divisions/{id}': async () => ({ path: `/divisions/${existingIds.get('/divisions') ?? ''}`, body: namedBody() }),
    'PATCH /api/divisions/{id}': async () => ({ path: `/divisions/${existingIds.get('/divisions') ?? ''}`, body: namedBody() }),
    'DELETE /api/divisions/{id}': async () => ({ path: `/divisions/${await catalogItem('/divisions')}` }),
    'POST /api/departments': async () => ({ path: '/departments', body: namedBody() }),
    'POST /api/divisions': async () => ({ path: '/divisions', body: namedBody() }),
    'PUT /api/users/login': async () => ({ path: '/users/login', body: { platformName: 'browser' } }),
    'PUT /api/users/login/{id}': async (user) => ({ path: `/users/login/${await currentSessionId(user)}`, body: { deviceName: 'x' } }),
    'PUT /api/users/logout': async (user) => ({ path: '/users/logout', body: {}, as: await throwAway(user) }),
    'DELETE /api/users/sessions/{id}': async (user) => {
      const spare = await throwAway(user);
      return { path: `/users/sessions/${await currentSessionId(spare)}`, as: spare };
    },
    // Ends every other session of the user: a user of that role of its own.
    'DELETE /api/users/sessions': async (_user, role) => ({ path: '/users/sessions', as: await createUser(stack, role) }),
    'PUT /api/session/active/devices/{id}': async (user) => ({ path: `/session/active/devices/${await currentSessionId(user)}`, body: { pushEnabled: false } }),
    'DELETE /api/session/active/devices/{id}': async (user) => {
      const spare = await throwAway(user);
      return { path: `/session/active/devices/${await currentSessionId(spare)}`, as: spare };
    },
    'DELETE /api/session/{id}': async () => {
      const victim = await createUser(stack, 'basicuser');
      return { path: `/session/${await currentSessionId(victim)}` };
    },
    'GET /api/users/{id}/sessions': async () => ({ path: `/users/${users.get('basicuser')?.accountId ?? ''}/sessions` }),
    'GET /api/account/find/{email}': async (user) => ({ path: `/account/find/${encoded(user.email)}` }),
    'GET /api/account/preferences/{accountId}': async (user) => ({ path: `/account/preferences/${user.accountId}` }),
    'POST /api/account/preferences': async () => ({ path: '/account/preferences', body: { feature: { ivr: { isVisible: false } } } }),
    'PUT /api/account/preferences': async () => ({ path: '/account/preferences', body: { module: { audit: { isVisible: false } } } }),
    'PUT /api/users/account/{email}': async (user) => ({ path: `/users/account/${encoded(user.email)}`, body: { lang: 'en' } }),
    'PUT /api/users/portallastselectedlocation': async () => ({ path: '/users/portallastselectedlocation', body: { locationId: null, siteId: null } }),
    'GET /api/cognito/getuser/{name}': async (user) => ({ path: `/cognito/getuser/${encoded(user.email)}` }),
    'PUT /api/cognito/{name}': async (user) => ({ path: `/cognito/${encoded(user.email)}`, body: { UserAttributes: [{ Name: 'given_name', Value: 'P' }] } }),
    'DELETE /api/cognito/attributes/{name}': async (user) => ({ path: `/cognito/attributes/${encoded(user.email)}`, body: { UserAttributeNames: ['locale'] } }),
    'POST /api/users': async () => ({ path: '/users', body: newUserBody() }),
    'POST /api/users/invite': async () => ({ path: '/users/invite', body: newUserBody() }),
    'GET /api/users/{id}': async () => ({ path: `/users/${users.get('basicuser')?.accountId ?? ''}?fetchSharedLocs=true` }),
    'PUT /api/users/{id}': async () => {
      const body = newUserBody();
      return { path: `/users/${await organisationUser(body)}`, body: { ...body, firstName: 'Changed' } };
    },
    'DELETE /api/users/{id}': async () => ({ path: `/users/${await organisationUser(newUserBody())}` }),
    'PUT /api/users/{id}/status': async () => ({ path: `/users/${await organisationUser(newUserBody())}/status`, body: { isactive: false } }),
    'PUT /api/users/{id}/mfa': async () => ({ path: `/users/${await organisationUser(newUserBody())}/mfa`, body: { enabled: false } }),
    // A code to the caller's own phone, then that code verified.
    'POST /api/users/sendOTP': async (user) => {
      await assign(user, { phone: uniquePhone() });
      return { path: '/users/sendOTP', body: { channel: 'phone' } };
    },
    'POST /api/users/verifyOTP': async (user) => {
      const phone = uniquePhone();
      await assign(user, { phone });
      const since = new Date();
      await api(stack, user, 'POST', '/users/sendOTP', { channel: 'phone' });
      return { path: '/users/verifyOTP', body: { channel: 'phone', code: await readLatestCode(stack, phone, 'sms', since) } };
    },
    // The caller's own notifications: their switch, and a test email to their own address.
    'PUT /api/users/me/notifications': async () => ({ path: '/users/me/notifications', body: { notificationsEnabled: true } }),
    'POST /api/users/me/notifications/test': async () => ({ path: '/users/me/notifications/test', body: { channel: 'email' } }),
    'POST /api/cognito/resendinvite/{name}': async () => {
      // An invitation not accepted yet, in the organisation.
      const email = `invited-${randomUUID().slice(0, 8)}@test.example`;
      const client = identityClient(stack.identityEndpoint, stack.credentials);
      try {
        await client.send(new AdminCreateUserCommand({
          UserPoolId: stack.userPoolId, Username: email, MessageAction: 'SUPPRESS', TemporaryPassword: DEMO_PASSWORD,
          UserAttributes: [
            { Name: 'email', Value: email },
            { Name: 'custom:customerid', Value: DEMO_ORGANISATION.customerId },
            { Name: 'custom:role', Value: 'basicuser' },
          ],
        }));
      } finally {
        client.destroy();
      }
      return { path: `/cognito/resendinvite/${encoded(email)}` };
    },
    'POST /api/gateways': async (user) => ({ path: '/gateways', body: gatewayBody(await assign(user)) }),
    'GET /api/gateways/{id}': async () => ({ path: `/gateways/${await gateway()}` }),
    'PUT /api/gateways/{id}': async () => {
      const { id, body } = await freshGateway();
      return { path: `/gateways/${id}`, body: { ...body, name: `Renamed ${hexId(3)}` } };
    },
    'DELETE /api/gateways/{id}': async () => ({ path: `/gateways/${(await freshGateway()).id}` }),
    'GET /api/gateways/{id}/sensors': async () => ({ path: `/gateways/${await gateway()}/sensors` }),
    'GET /api/gateways/{id}/history': async () => ({ path: `/gateways/${await gateway()}/history` }),
    'GET /api/gateways/{id}/data': async () => ({ path: `/gateways/${await gateway()}/data` }),
    'POST /api/dataloggingprofiles': async () => ({ path: '/dataloggingprofiles', body: profileBody() }),
    'GET /api/dataloggingprofiles/{id}': async () => ({ path: `/dataloggingprofiles/${await profile()}` }),
    'PUT /api/dataloggingprofiles/{id}': async () => ({ path: `/dataloggingprofiles/${await added('/dataloggingprofiles', profileBody())}`, body: profileBody() }),
    'DELETE /api/dataloggingprofiles/{id}': async () => ({ path: `/dataloggingprofiles/${await added('/dataloggingprofiles', profileBody())}` }),
    'GET /api/alarms': async () => ({ path: `/alarms?status=active&userViewId=${existingIds.get('/userviews') ?? ''}` }),
    'GET /api/alarms/{id}': async () => ({ path: `/alarms/${await freshAlarm()}` }),
    'PUT /api/alarms/{id}/acknowledge': async () => ({ path: `/alarms/${await freshAlarm()}/acknowledge`, body: acknowledgement() }),
    'POST /api/alarms/acknowledge': async () => ({ path: '/alarms/acknowledge', body: { ...acknowledgement(), ids: [await freshAlarm(), await freshAlarm()] } }),
    'PUT /api/alarms/{id}/snooze': async () => ({ path: `/alarms/${await freshAlarm()}/snooze` }),
    'GET /api/alarms/{id}/notifications': async () => ({ path: `/alarms/${await freshAlarm()}/notifications` }),
    'POST /api/notifications/failed/resend': async () => ({ path: '/notifications/failed/resend', body: await deadDelivery() }),
    'POST /api/alarmprofiles': async () => ({ path: '/alarmprofiles', body: alarmProfileBody() }),
    'GET /api/alarmprofiles/{id}': async () => ({ path: `/alarmprofiles/${await alarmProfile()}` }),
    'PUT /api/alarmprofiles/{id}': async () => ({ path: `/alarmprofiles/${await added('/alarmprofiles', alarmProfileBody())}`, body: alarmProfileBody() }),
    'DELETE /api/alarmprofiles/{id}': async () => ({ path: `/alarmprofiles/${await added('/alarmprofiles', alarmProfileBody())}` }),
    'POST /api/notificationgroups': async () => ({ path: '/notificationgroups', body: await notificationGroupBody() }),
    'GET /api/notificationgroups/{id}': async () => ({ path: `/notificationgroups/${await notificationGroup()}` }),
    'PUT /api/notificationgroups/{id}': async () => ({ path: `/notificationgroups/${await added('/notificationgroups', await notificationGroupBody())}`, body: await notificationGroupBody() }),
    'DELETE /api/notificationgroups/{id}': async () => ({ path: `/notificationgroups/${await added('/notificationgroups', await notificationGroupBody())}` }),
    'POST /api/shifts': async () => ({ path: '/shifts', body: await shiftBody() }),
    'GET /api/shifts/{id}': async () => ({ path: `/shifts/${await added('/shifts', await shiftBody())}` }),
    'PUT /api/shifts/{id}': async () => ({ path: `/shifts/${await added('/shifts', await shiftBody())}`, body: await shiftBody() }),
    'DELETE /api/shifts/{id}': async () => ({ path: `/shifts/${await added('/shifts', await shiftBody())}` }),
    // Notification templates: an override of the caller's organisation, saved, previewed, then reset.
    'PUT /api/notificationtemplates': async () => ({ path: '/notificationtemplates', body: { kind: 'alarm', channel: 'text', language: 'en', alarmType: 'threshold', body: '{device}: {value}' } }),
    'POST /api/notificationtemplates/preview': async () => ({ path: '/notificationtemplates/preview', body: { kind: 'alarm', channel: 'email', language: 'fr', subject: 'Alarme {device}' } }),
    'DELETE /api/notificationtemplates': async () => {
      await api(stack, admin(), 'PUT', '/notificationtemplates', { kind: 'reminder', channel: 'push', language: 'es', title: 'Recordatorio {device}' });
      return { path: '/notificationtemplates?kind=reminder&channel=push&language=es' };
    },
    'POST /api/checklists': async () => ({ path: '/checklists', body: await checklistBody() }),
    'GET /api/checklists/{id}': async () => ({ path: `/checklists/${await checklist()}` }),
    'PUT /api/checklists/{id}': async () => ({ path: `/checklists/${await checklist()}`, body: await checklistBody() }),
    'DELETE /api/checklists/{id}': async () => ({ path: `/checklists/${await checklist()}` }),
    'GET /api/checklists/{id}/performance': async () => ({ path: `/checklists/${await checklist()}/performance` }),
    'POST /api/checklists/{id}/copy': async () => {
      const { name: _name, questions: _questions, ...target } = await checklistBody();
      return { path: `/checklists/${await checklist()}/copy`, body: { ...namedBody(), ...target } };
    },
    'POST /api/questions': async () => ({ path: '/questions', body: questionBody() }),
    'GET /api/questions/{id}': async () => ({ path: `/questions/${await added('/questions', questionBody())}` }),
    'PUT /api/questions/{id}': async () => ({ path: `/questions/${await added('/questions', questionBody())}`, body: questionBody() }),
    'DELETE /api/questions/{id}': async () => ({ path: `/questions/${await added('/questions', questionBody())}` }),
    ...deviceRecordFixtures('sensors'),
    ...deviceRecordFixtures('gateways'),
    ...sensorFixtures,
    ...haccpLibraryFixtures,
    ...fillingFixtures,
    // Each role that may starts one proxy session into the demo organisation (its token is not used further);
    // an administrator with corporate access, a corporate view of the demo location (a user of its own, so the shared admin never proxies).
    'POST /api/proxy-sessions': async (_user, role) => {
      const body = { customerId: DEMO_ORGANISATION.customerId, reason: 'Permission test', mode: 'read' };
      if (role !== 'admin') return { path: '/proxy-sessions', body };
      const corporate = await createUser(stack, 'admin');
      await provisionAccount(stack, { email: corporate.email, role: 'admin', customerId: corporate.customerId, accountId: corporate.accountId, hasDefaultLocAccess: true });
      return { path: '/proxy-sessions', body: { ...body, locationId: DEMO_ORGANISATION.location.id }, as: corporate };
    },
    ...superadminFixtures,
    ...helpdeskFixtures,
    // Reports: a day's Temperature Log of the test sensor; a run is seen by whoever asked for it.
    'POST /api/reports/runs': async () => ({ path: '/reports/runs', body: { reportId: 'temperatureLog', format: 'csv', parameters: await reportParameters() } }),
    'POST /api/reports/preview': async () => ({ path: '/reports/preview', body: { reportId: 'temperatureLog', parameters: await reportParameters() } }),
    'GET /api/reports/runs/{id}': async (user) => ({ path: `/reports/runs/${await reportRun(user)}` }),
    'GET /api/reports/runs/{id}/download': async (user) => ({ path: `/reports/runs/${await reportRun(user)}/download` }),
    'POST /api/reports/verify': async () => ({ path: '/reports/verify', body: { sha256: '0'.repeat(64) } }),
  };

  /**
   * Routes whose parameter names none of the organisation's items but the caller's own (grid
   * settings): from another organisation they answer with the caller's own, never the
   * organisation's, which stay as they were.
   */
  const MARKED_GRID = '/account/gridsettings/permissions-marked';
  const ORGANISATION_MARK = 'organisation-only-column';
  const OWN_ONLY = new Set([
    'GET /api/account/gridsettings/{gridId}', 'PUT /api/account/gridsettings/{gridId}',
    // The existence check answers for the caller's own organisation: another's names stay unknown.
    'GET /api/locations/exists/{name}',
  ]);

  /**
   * Reads of something on a site: a basic user in a security group that grants only another
   * site must find nothing there (404, as if it did not exist), like another organisation.
   */
  const EXCLUDED_SITE_READS = new Set([
    'GET /api/graphdata', 'GET /api/sensors/{id}/readings',
    'GET /api/sites/{id}', 'GET /api/sites/{id}/users', 'GET /api/sites/{id}/devices', 'GET /api/sites/{id}/document',
    'GET /api/userviews/{id}',
    'GET /api/checklists/{id}', 'GET /api/checklists/{id}/performance',
    'GET /api/gateways/{id}', 'GET /api/gateways/{id}/sensors', 'GET /api/gateways/{id}/history', 'GET /api/gateways/{id}/data',
    ...(['sensors', 'gateways'] as const).flatMap((owner) => [
      `GET /api/${owner}/{id}/notes`, `GET /api/${owner}/{id}/files`, `GET /api/${owner}/{id}/files/{fileId}/download`,
    ]),
    'GET /api/sensors/{id}/commands', 'GET /api/gateways/{id}/commands',
    'GET /api/sensors/{id}', 'GET /api/sensors/{id}/history', 'GET /api/sensors/{id}/calibrations',
    'GET /api/sensors/{id}/calibrations/{calibrationId}/certificate', 'GET /api/sensors/{id}/equipment',
    // An alarm is as unknown as its sensor: read, acknowledged, snoozed or its messages listed.
    'GET /api/alarms/{id}', 'PUT /api/alarms/{id}/acknowledge', 'PUT /api/alarms/{id}/snooze', 'GET /api/alarms/{id}/notifications',
  ]);
  let excludedMember: TestUser | undefined;
  const memberOfAnotherSite = async (): Promise<TestUser> => {
    excludedMember ??= await (async () => {
      const member = await createUser(stack, 'basicuser');
      const elsewhere = await freshSite();
      const group = await api(stack, admin(), 'POST', '/securitygroups', { ...namedBody(), siteIds: [elsewhere], memberAccountIds: [member.accountId] });
      if (group.status !== 201) throw new Error(`No security group: ${JSON.stringify(group.body)}`);
      return member;
    })();
    return excludedMember;
  };

  /** A call that needs no setup: the route's own path (no parameters) and no body. */
  const callFor = async (route: RouteDefinition, user: TestUser, role: Role): Promise<Call> => {
    const fixture = FIXTURES[routeKeyOf(route)];
    if (fixture) return fixture(user, role);
    if (route.path.includes('{')) throw new Error(`No permission-test fixture for ${routeKeyOf(route)}: add one`);
    return { path: route.path };
  };

  beforeAll(async () => {
    for (const role of ROLES) users.set(role, await createUser(stack, role));
    await assign(users.get('basicuser') ?? admin());
    outsider = await createUser(stack, 'admin', 'outsider-org');
    for (const resource of ['/departments', '/divisions']) existingIds.set(resource, await catalogItem(resource));
    existingIds.set('/securitygroups', await securityGroup());
    existingIds.set('/userviews', await userView());
    await api(stack, admin(), 'PUT', MARKED_GRID, { columnOrder: [ORGANISATION_MARK] });
  });

  const userOf = (role: Role) => {
    const user = users.get(role);
    if (user === undefined) throw new Error(`no ${role}`);
    return user;
  };

  // Refusals change nothing and need no fixture: they run several at a time (half the file's time).
  describe.concurrent('refusals', () => {
    for (const route of ROUTES) {
      for (const role of ROLES) {
        if (route.roles === 'public' || route.roles.includes(role)) continue;
        it(`${route.method} ${API_PREFIX}${route.path} as ${role}: refused`, async () => {
          const result = await api(stack, userOf(role), route.method, route.path, route.body ? {} : undefined);
          expect(result.status).toBe(403);
        });
      }
      if (route.roles !== 'public') {
        it(`${route.method} ${API_PREFIX}${route.path} with another organisation's headers is refused`, async () => {
          const result = await api(stack, admin(), route.method, route.path, undefined, { customerid: 'outsider-org' });
          expect(result.status).toBe(403);
        });
      }
    }
  });

  for (const route of ROUTES) {
    for (const role of ROLES) {
      if (!(route.roles === 'public' || route.roles.includes(role))) continue;
      it(`${route.method} ${API_PREFIX}${route.path} as ${role}: allowed`, async () => {
        const user = userOf(role);
        const call = await callFor(route, user, role);
        const result = await api(stack, call.as ?? user, route.method, call.path, call.body);
        expect(result.status, JSON.stringify(result.body)).toBeLessThan(400);
      });
    }

    if (OWN_ONLY.has(routeKeyOf(route))) {
      it(`${route.method} ${API_PREFIX}${route.path} from another organisation reaches only the caller's own`, async () => {
        const call = await callFor(route, admin(), 'admin');
        const result = await api(stack, outsider, route.method, call.path, call.body);
        expect(result.status).toBeLessThan(400);
        expect(JSON.stringify(result.body)).not.toContain(ORGANISATION_MARK);
        expect(JSON.stringify((await api(stack, admin(), 'GET', MARKED_GRID)).body)).toContain(ORGANISATION_MARK);
      });
    } else if (route.roles !== 'public' && route.roles.includes('admin') && route.path.includes('{')) {
      // (A route an organisation's administrator cannot call at all, super-administration, is covered by the refusals.)
      it(`${route.method} ${API_PREFIX}${route.path} from another organisation finds nothing`, async () => {
        // The organisation's own item, asked for by an administrator of another one.
        const call = await callFor(route, admin(), 'admin');
        const result = await api(stack, outsider, route.method, call.path, call.body);
        expect(result.status).toBe(404);
      });
    }

    if (EXCLUDED_SITE_READS.has(routeKeyOf(route))) {
      it(`${route.method} ${API_PREFIX}${route.path} as a security-group member whose groups exclude the site finds nothing`, async () => {
        const member = await memberOfAnotherSite();
        // The organisation's own item, on a site the member's groups do not grant.
        const call = await callFor(route, member, 'basicuser');
        const result = await api(stack, member, route.method, call.path, call.body);
        expect(result.status, JSON.stringify(result.body)).toBe(404);
      });
    }

  }

  it("another organisation's alarms: not listed, not counted, and refused one by one when acknowledged together", async () => {
    const id = await freshAlarm();
    const listed = await api(stack, outsider, 'GET', '/alarms?status=active');
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(id);
    const summary = await api(stack, outsider, 'GET', '/alarms/summary');
    expect(JSON.stringify(summary.body)).not.toContain(await sensor());
    const bulk = await api(stack, outsider, 'POST', '/alarms/acknowledge', { ...acknowledgement(), ids: [id] });
    expect(bulk.status).toBe(200);
    expect(bulk.body).toEqual({ acknowledged: [], refused: [{ id, code: 'alarmNotFound', message: 'Alarm not found.' }] });
    const after = await api(stack, admin(), 'GET', `/alarms/${id}`);
    expect(after.body).not.toHaveProperty('acknowledgedAt');
  });

  it('the demo organisation is the one the users belong to', () => {
    expect(admin().customerId).toBe(DEMO_ORGANISATION.customerId);
  });
});
