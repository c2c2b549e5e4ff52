import { dataLoggingProfileInputSchema } from '@domain/devices/data-logging-profile';
import { API_PREFIX } from '../routes';
import { dynamoDocumentClient } from '../shared/clients';
import { backendConfig } from '../shared/config';
import {
  bodyOf,
  createResourceHandler,
  pathParameter,
  requireCaller,
  targetCustomerId,
  type ResourceActions,
} from '../shared/http';
import { pageRequestFrom } from '../shared/pagination';
import { DataLoggingProfileStore } from './store';

const base = `${API_PREFIX}/dataloggingprofiles`;

const profiles = () => new DataLoggingProfileStore(dynamoDocumentClient(), backendConfig().tableName);

/** Data logging profiles (SPEC section 3): the organisation's, not limited by site. */
export const dataLoggingProfileActions: ResourceActions = {
  [`GET ${base}`]: async (request) => {
    const customerId = targetCustomerId(request);
    const store = profiles();
    const page = pageRequestFrom(request.query, { attribute: 'gsi1pk', value: store.listPartition(customerId) });
    return { statusCode: 200, body: await store.list(customerId, page) };
  },
  [`POST ${base}`]: async (request) => {
    const record = await profiles().create(requireCaller(request), targetCustomerId(request), bodyOf(request, dataLoggingProfileInputSchema));
    return { statusCode: 201, body: record };
  },
  [`GET ${base}/{id}`]: async (request) => ({
    statusCode: 200,
    body: await profiles().get(targetCustomerId(request), pathParameter(request, 'id')),
  }),
  [`PUT ${base}/{id}`]: async (request) => {
    const record = await profiles().update(requireCaller(request), targetCustomerId(request), pathParameter(request, 'id'), bodyOf(request, dataLoggingProfileInputSchema));
    return { statusCode: 200, body: record };
  },
  [`DELETE ${base}/{id}`]: async (request) => {
    await profiles().delete(requireCaller(request), targetCustomerId(request), pathParameter(request, 'id'));
    return { statusCode: 204 };
  },
};

export const handler = createResourceHandler('dataLoggingProfiles', dataLoggingProfileActions);
