import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Navbar } from '../../domain/account';
import { CROSS_TENANT_ROLES } from '../../domain/roles';
import { AccountStore } from '../accounts/store';
import { API_PREFIX } from '../routes';
import { dynamoDocumentClient } from '../shared/clients';
import { backendConfig } from '../shared/config';
import { createResourceHandler, requireCaller, targetCustomerId, type ResourceActions } from '../shared/http';
import { ENTITY, entityPartition } from '../shared/keys';

interface LocationItem { id: string; name: string; isAcceptancePending?: boolean }
interface SiteItem { id: string; name: string; locationIds?: string[] }

/** Every item of one entity type of an organisation, by name (gsi1). */
async function allByName<T>(customerId: string, entity: typeof ENTITY.location | typeof ENTITY.site): Promise<T[]> {
  const client = dynamoDocumentClient();
  const items: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new QueryCommand({
      TableName: backendConfig().tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': entityPartition(customerId, entity) },
      ExclusiveStartKey: startKey,
    }));
    items.push(...((page.Items ?? []) as T[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey !== undefined);
  return items;
}

/**
 * Locations and their sites for the top bar's selector (SPEC section 7, node backend). A
 * user sees the locations assigned to them; a corporate administrator, helpdesk and
 * superadmin see all. Shared locations still pending acceptance are left out (SPEC section 5).
 */
export const locationActions: ResourceActions = {
  [`GET ${API_PREFIX}/locations/navbar`]: async (request) => {
    const caller = requireCaller(request);
    const customerId = targetCustomerId(request);
    const account = customerId === caller.customerId
      ? await new AccountStore(dynamoDocumentClient(), backendConfig().tableName).get(customerId, caller.accountId)
      : undefined;
    const seesAll = CROSS_TENANT_ROLES.includes(caller.role) || account?.hasDefaultLocAccess === true;
    const assigned = new Set(account?.locationIds ?? []);
    const [locations, sites] = await Promise.all([
      allByName<LocationItem>(customerId, ENTITY.location),
      allByName<SiteItem>(customerId, ENTITY.site),
    ]);
    const body: Navbar = {
      locations: locations
        .filter((location) => !location.isAcceptancePending && (seesAll || assigned.has(location.id)))
        .map((location) => ({
          id: location.id,
          name: location.name,
          displayName: location.name,
          sites: sites
            .filter((site) => site.locationIds?.includes(location.id))
            .map((site) => ({ id: site.id, name: site.name })),
        })),
    };
    return { statusCode: 200, body };
  },
};

export const handler = createResourceHandler('locations', locationActions);
