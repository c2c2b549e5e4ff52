import useSWR, { type SWRResponse } from 'swr';
import {
  gatewayDataSchema,
  gatewayPageSchema,
  gatewaySchema,
  gatewaySensorsSchema,
  type Gateway,
  type GatewayData,
  type GatewayInput,
  type GatewaySensor,
} from '@domain/devices/gateway';
import { apiFetch, apiFetchAs } from './apiFetch';
import type { ApiError } from './ApiError';
import { fetchAllPages, usePagedList, type PagedList } from './pagedList';

/** Every SWR key of the gateway lists starts with this, so one mutate refreshes both lists. */
export const GATEWAYS_KEY = 'gateways';
export const INACTIVE_GATEWAYS_KEY = 'gateways/inactive';

export function isGatewayListKey(key: unknown): boolean {
  return key === GATEWAYS_KEY || key === INACTIVE_GATEWAYS_KEY;
}

/** The active (or the inactive) gateways the user reaches: the first page at once, the rest as it comes (the grid sorts and pages in the browser). */
export function useGatewayList(list: 'active' | 'inactive'): PagedList<Gateway> {
  const key = list === 'active' ? GATEWAYS_KEY : INACTIVE_GATEWAYS_KEY;
  return usePagedList(key, (onPage) => fetchAllPages({ schema: gatewayPageSchema, path: `/${key}` }, onPage));
}

const gatewayPath = (id: string) => `/gateways/${encodeURIComponent(id)}`;

export const gatewayKey = (id: string) => ['gateway', id] as const;

export function useGateway(id: string): SWRResponse<Gateway, ApiError> {
  return useSWR<Gateway, ApiError, readonly [string, string]>(gatewayKey(id), ([, gatewayId]) => getGateway(gatewayId));
}

export function getGateway(id: string): Promise<Gateway> {
  return apiFetchAs(gatewaySchema, gatewayPath(id));
}

export function createGateway(input: GatewayInput): Promise<Gateway> {
  return apiFetchAs(gatewaySchema, '/gateways', { method: 'POST', body: input });
}

export function updateGateway(id: string, input: GatewayInput): Promise<Gateway> {
  return apiFetchAs(gatewaySchema, gatewayPath(id), { method: 'PUT', body: input });
}

export async function deleteGateway(id: string): Promise<void> {
  await apiFetch(gatewayPath(id), { method: 'DELETE' });
}

/** The sensors on a gateway (those the user reaches). */
export function useGatewaySensors(id: string): SWRResponse<GatewaySensor[], ApiError> {
  return useSWR<GatewaySensor[], ApiError, readonly [string, string]>(['gateway-sensors', id], async ([, gatewayId]) =>
    (await apiFetchAs(gatewaySensorsSchema, `${gatewayPath(gatewayId)}/sensors`)).items);
}

/** How often the Data tab asks again: the live state changes as readings arrive. */
export const GATEWAY_DATA_REFRESH_MS = 30_000;

/** The gateway's live state and its sensors' latest states. */
export function useGatewayData(id: string, refreshInterval = GATEWAY_DATA_REFRESH_MS): SWRResponse<GatewayData, ApiError> {
  return useSWR<GatewayData, ApiError, readonly [string, string]>(
    ['gateway-data', id],
    ([, gatewayId]) => apiFetchAs(gatewayDataSchema, `${gatewayPath(gatewayId)}/data`),
    { refreshInterval },
  );
}
