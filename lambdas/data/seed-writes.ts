import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { OrganisationModules } from '@domain/organisation/organisation';
import { organisationKeyParams } from './entities/organisation';
import type { KeyParams, PutParams } from './writes';

/**
 * The writes of the local runtime's demo seeds (local/seed.ts, local/demo-*.ts): each record is
 * put as its entity (or its repository) builds it; the once-only ones are conditioned and say
 * whether they were written, so a start interrupted halfway finishes at the next one.
 */

/** Puts an item as built (an entity's put, or a record with its keys). */
export async function putSeedItem(client: DynamoDBDocumentClient, put: PutParams): Promise<void> {
  await client.send(new PutCommand(put));
}

/** Puts an item unless `condition` fails (default: none with its key yet); false when it did. */
export async function putSeedItemOnce(client: DynamoDBDocumentClient, put: PutParams, condition = 'attribute_not_exists(pk)'): Promise<boolean> {
  try {
    await client.send(new PutCommand({ ...put, ConditionExpression: condition }));
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Whether an item is stored under the key (one consistent GetItem): a seed's marker, or a record a seed needs. */
export async function seedItemExists(client: DynamoDBDocumentClient, key: KeyParams): Promise<boolean> {
  return (await client.send(new GetCommand({ ...key, ConsistentRead: true }))).Item !== undefined;
}

/**
 * Gives a seeded organisation `modules` while its item is still the seed's with HACCP alone
 * (from before the module flags were enforced): a super-administrator's edit stays. False when it stayed.
 */
export async function grantSeededOrganisationModules(
  client: DynamoDBDocumentClient, tableName: string, customerId: string, modules: OrganisationModules,
): Promise<boolean> {
  try {
    await client.send(new UpdateCommand({
      ...organisationKeyParams(tableName, customerId),
      UpdateExpression: 'SET modules = :all',
      ConditionExpression: 'updatedBy = :seed AND modules.isHaccapAvailable = :on AND modules.enableAuditModule = :off AND modules.enableIVR = :off AND modules.enablePager = :off',
      ExpressionAttributeValues: { ':all': modules, ':seed': 'seed', ':on': true, ':off': false },
    }));
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
