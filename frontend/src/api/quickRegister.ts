import { quickRegisterResultSchema, type QuickRegisterInput, type QuickRegisterResult } from '@domain/devices/sensor';
import { apiFetchAs } from './apiFetch';

/** POST /sensors/quickregister: registers every id of the list, each on its own; answers a result per line. */
export function quickRegister(input: QuickRegisterInput): Promise<QuickRegisterResult> {
  return apiFetchAs(quickRegisterResultSchema, '/sensors/quickregister', { method: 'POST', body: input });
}
