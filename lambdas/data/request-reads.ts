import type { RequestReads } from '../shared/http';
import { readProxySession } from './proxy-sessions';
import { sessionCheckFromConfig } from './session-check';
import { dataTable } from './table';

/** What the HTTP middleware reads of the single table (lambdas/shared/http.ts `RequestReads`): sessions and proxy sessions. */
export const tableRequestReads: RequestReads = {
  sessionCheck: sessionCheckFromConfig,
  proxySession: (actorCustomerId, actorUserId, sessionId) => {
    const { client, tableName } = dataTable();
    return readProxySession(client, tableName, actorCustomerId, actorUserId, sessionId);
  },
};
