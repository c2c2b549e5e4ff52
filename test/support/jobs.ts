import { resetBackendConfig } from '../../lambdas/shared/config';
import { LOCAL_REGION } from '../../local/identity';
import type { StackUnderTest } from './global-setup';
import { createUser, type TestUser } from './identity';
import { createSensorPlace, type SensorPlace } from './sensors';

/** An administrator and the place they made through the API, for a scheduled job to work on. */
export interface JobTestOrganisation {
  admin: TestUser;
  place: SensorPlace;
}

/**
 * For tests that run a scheduled job's handler in this process (as EventBridge Scheduler or the
 * local cron would): points the backend at the stack's table, as the deployed function is, and
 * makes an administrator of `customerId` with a sensor place (location, sites, gateways, profiles).
 */
export async function setUpJobTest(stack: StackUnderTest, customerId: string): Promise<JobTestOrganisation> {
  Object.assign(process.env, {
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: stack.credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: stack.credentials.secretAccessKey,
    AWS_ENDPOINT_URL_DYNAMODB: stack.dynamoEndpoint,
    TABLE_NAME: stack.tableName,
    LOG_LEVEL: 'ERROR',
  });
  resetBackendConfig();
  const admin = await createUser(stack, 'admin', customerId);
  return { admin, place: await createSensorPlace(stack, admin) };
}
