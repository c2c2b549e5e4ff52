import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  UserNotFoundException,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { OrganisationModules } from '@domain/organisation/organisation';
import { customerGroupPut, organisationKeyParams, organisationPut, organisationSeededPut, uniqueMarkerPut, ENTITY } from '../lambdas/data';
import { grantSeededOrganisationModules, putSeedItem, putSeedItemOnce } from '../lambdas/data/seed-writes';
import { userItem } from '../lambdas/data/repositories/users';
import { DEMO_ORGANISATION, DEMO_PASSWORD, DEMO_USERS } from './demo';
import { seedDemoDevices } from './demo-devices';
import { seedDemoHaccp } from './demo-haccp';
import { demoLocationAndSiteItems } from './demo-locations';

/**
 * Seeds the demo organisation once: a marker item records it, so what people change or
 * delete in the demo afterwards is not put back at the next start.
 */
export async function seedDemo(
  documents: DynamoDBDocumentClient,
  tableName: string,
  identity: CognitoIdentityProviderClient,
  userPoolId: string,
): Promise<boolean> {
  const { customerId } = DEMO_ORGANISATION;
  const now = new Date().toISOString();
  if (!await putSeedItemOnce(documents, organisationSeededPut(tableName, customerId, now))) {
    // Seeded before the demo had devices: they are added once (local/demo-devices.ts).
    await seedDemoDevices(documents, tableName);
    // And before it had HACCP: added once (local/demo-haccp.ts), on the devices' cooler sensor.
    await seedDemoHaccp(documents, tableName);
    // And before organisations were listed (and had customer groups): added once.
    await seedDemoOrganisationListing(documents, tableName, now);
    // And before the module flags were enforced: every module, unless a super-administrator changed them.
    await grantSeededOrganisationModules(documents, tableName, customerId, DEMO_MODULES);
    return false;
  }
  const put = (item: Record<string, unknown>) => putSeedItem(documents, { TableName: tableName, Item: item });
  await put(demoOrganisationItem(tableName, now));
  await put(demoCustomerGroupItem(tableName, now));
  const { site, location } = DEMO_ORGANISATION;
  for (const item of demoLocationAndSiteItems(now)) await put(item);
  for (const user of DEMO_USERS) {
    await ensureIdentityUser(identity, userPoolId, user.email, [
      { Name: 'email', Value: user.email },
      { Name: 'email_verified', Value: 'true' },
      { Name: 'given_name', Value: user.givenName },
      { Name: 'family_name', Value: user.familyName },
      { Name: 'custom:role', Value: user.role },
      { Name: 'custom:customerid', Value: customerId },
      { Name: 'custom:accountinfoid', Value: user.accountId },
      { Name: 'custom:customergroupid', Value: DEMO_ORGANISATION.customerGroupId },
      { Name: 'custom:isPortalLogin', Value: 'true' },
    ]);
    // The user administration's record (lambdas/data/repositories/users.ts), as an administrator would have made it.
    await put(userItem(customerId, {
      accountId: user.accountId, email: user.email, identityUsername: user.email, role: user.role,
      firstName: user.givenName, lastName: user.familyName, phone: user.phone ?? '', phoneVerified: user.phone !== undefined, employeeId: '',
      isActive: true, isEmailVerified: true, inviteDate: null, siteIds: [site.id], locationIds: [location.id],
      departmentIds: [], divisionIds: [], lang: 'en', uom: 'C', timezone: site.timezone,
      isPortalLogin: true, isHaccpAvailable: user.role !== 'helpdesk', isMobileLogin: false,
      isOwner: user.role === 'admin', isLocationAdmin: false, hasDefaultLocAccess: user.role === 'admin',
      notificationsEnabled: user.role !== 'helpdesk', smsEnabled: user.phone !== undefined, mfaEnabled: false, mfaRequired: false,
      enablePager: false, pagerType: null, pagerNumber: '', pagerVerified: false,
      enableAuditModule: false, enableIVR: false, customerGroupId: DEMO_ORGANISATION.customerGroupId,
      createdAt: now, updatedAt: now, createdBy: 'seed', updatedBy: 'seed', version: 1,
    }));
    await put(uniqueMarkerPut(tableName, { customerId, entityType: ENTITY.user, field: 'email', value: user.email }, user.accountId).Item);
  }
  await seedDemoDevices(documents, tableName);
  await seedDemoHaccp(documents, tableName);
  return true;
}

/** The demo organisation's item, as the super-administrator would have made it. */
function demoOrganisationItem(tableName: string, now: string): Record<string, unknown> {
  const { customerId, customerGroupId, name, site } = DEMO_ORGANISATION;
  return organisationPut(tableName, {
    customerId, customerGroupId, name, createdAt: now, updatedAt: now, createdBy: 'seed', updatedBy: 'seed', version: 1,
    address: site.address, city: site.city, state: site.state, country: site.country, postalCode: site.postalCode,
    timezone: site.timezone, lang: 'en', uom: 'C', status: 'active',
    // Every module: the demo shows the whole portal (the API refuses a module's routes to an organisation without it).
    modules: DEMO_MODULES,
    subscriptionStart: site.monitoringSubscriptionStart, subscriptionEnd: site.monitoringSubscriptionEnd,
  }).Item;
}

const DEMO_MODULES: OrganisationModules = { isHaccapAvailable: true, enableAuditModule: true, enableIVR: true, enablePager: true };
const demoCustomerGroupItem = (tableName: string, now: string) =>
  customerGroupPut(tableName, { id: DEMO_ORGANISATION.customerGroupId, name: DEMO_ORGANISATION.name, createdAt: now, createdBy: 'seed' }).Item;

/** A demo seeded before organisations were listed: its item again, with its listing keys, and its customer group. */
async function seedDemoOrganisationListing(documents: DynamoDBDocumentClient, tableName: string, now: string): Promise<void> {
  const ifAbsent = (item: Record<string, unknown>, condition: string) => putSeedItemOnce(documents, { TableName: tableName, Item: item }, condition);
  const { Key } = organisationKeyParams(tableName, DEMO_ORGANISATION.customerId);
  await ifAbsent({ ...demoOrganisationItem(tableName, now), ...Key }, 'attribute_not_exists(gsi1pk)');
  await ifAbsent(demoCustomerGroupItem(tableName, now), 'attribute_not_exists(pk)');
}

async function ensureIdentityUser(
  identity: CognitoIdentityProviderClient,
  userPoolId: string,
  email: string,
  attributes: { Name: string; Value: string }[],
): Promise<void> {
  try {
    await identity.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    return;
  } catch (error) {
    if (!(error instanceof UserNotFoundException) && (error as { name?: string }).name !== 'UserNotFoundException') throw error;
  }
  await identity.send(new AdminCreateUserCommand({
    UserPoolId: userPoolId,
    Username: email,
    UserAttributes: attributes,
    MessageAction: 'SUPPRESS',
    TemporaryPassword: DEMO_PASSWORD,
  }));
  await identity.send(new AdminSetUserPasswordCommand({
    UserPoolId: userPoolId, Username: email, Password: DEMO_PASSWORD, Permanent: true,
  }));
}
