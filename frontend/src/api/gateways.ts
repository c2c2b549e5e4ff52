import useSWR, { type SWRResponse } from 'swr';
import {
  type Gateway,
  type GatewayData,
  type GatewayInput,
  type GatewaySensor,
} from '@domain/devices/gateway';
import { GATEWAY_ROUTES } from '@domain/api/gateways';
import { call, pages } from './client';
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
  return usePagedList(key, (onPage) => fetchAllPages(pages(list === 'active' ? GATEWAY_ROUTES.list : GATEWAY_ROUTES.getInactive), onPage));
}

export const gatewayKey = (id: string) => ['gateway', id] as const;

export function useGateway(id: string): SWRResponse<Gateway, ApiError> {
  return useSWR<Gateway, ApiError, readonly [string, string]>(gatewayKey(id), ([, gatewayId]) => getGateway(gatewayId));
}

export function getGateway(id: string): Promise<Gateway> {
  return call(GATEWAY_ROUTES.get, { params: { id } });
}

export function createGateway(input: GatewayInput): Promise<Gateway> {
  return call(GATEWAY_ROUTES.create, { body: input });
}

export function updateGateway(id: string, input: GatewayInput): Promise<Gateway> {
  return call(GATEWAY_ROUTES.update, { params: { id }, body: input });
}

export async function deleteGateway(id: string): Promise<void> {
  await call(GATEWAY_ROUTES.remove, { params: { id } });
}

/** The sensors on a gateway (those the user reaches). */
export function useGatewaySensors(id: string): SWRResponse<GatewaySensor[], ApiError> {
  return useSWR<GatewaySensor[], ApiError, readonly [string, string]>(['gateway-sensors', id], async ([, gatewayId]) =>
    (await call(GATEWAY_ROUTES.getSensors, { params: { id: gatewayId } })).items);
}

/** How often the Data tab asks again: the live state changes as readings arrive. */
export const GATEWAY_DATA_REFRESH_MS = 30_000;

/** The gateway's live state and its sensors' latest states. */
export function useGatewayData(id: string, refreshInterval = GATEWAY_DATA_REFRESH_MS): SWRResponse<GatewayData, ApiError> {
  return useSWR<GatewayData, ApiError, readonly [string, string]>(
    ['gateway-data', id],
    ([, gatewayId]) => call(GATEWAY_ROUTES.getData, { params: { id: gatewayId } }),
    { refreshInterval },
  );
}
