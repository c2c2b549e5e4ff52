import type { QuickRegisterInput, QuickRegisterResult } from '@domain/devices/sensor';
import { SENSOR_ROUTES } from '@domain/api/sensors';
import { call } from './client';

/** POST /sensors/quickregister: registers every id of the list, each on its own; answers a result per line. */
export function quickRegister(input: QuickRegisterInput): Promise<QuickRegisterResult> {
  return call(SENSOR_ROUTES.postQuickregister, { body: input });
}
