import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { forbidden, notFound, validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import type { ProxySessionInput } from '@domain/identity/proxy-session';
import { AccountStore } from '../data';
import { readLocationName } from '../data/repositories/locations';
import type { Caller } from '../shared/caller';

/** The location a proxy session is limited to, as its banner names it. */
export interface ProxyLocation {
  id: string;
  name: string;
}

/**
 * Who may start which proxy session (issue 16 section 3, SPEC section 3 "corporate view"):
 * a helpdesk user or a super-administrator acts for an organisation; an administrator acts
 * only for one location of their own organisation, and only with corporate access
 * (`hasDefaultLocAccess`). A location of another organisation answers as an unknown one, so
 * nothing of it is learnt. Answers the location the session is limited to, if any.
 */
export async function proxyLocationOf(
  client: DynamoDBDocumentClient, tableName: string, caller: Caller, input: ProxySessionInput,
): Promise<ProxyLocation | undefined> {
  if (caller.role === 'admin') {
    // Read consistently: corporate access taken away applies at once.
    const account = await new AccountStore(client, tableName).getConsistent(caller.customerId, caller.accountId);
    if (account?.hasDefaultLocAccess !== true) throw forbidden(MESSAGES.proxyCorporateAccessRequired);
    if (input.locationId === undefined) throw validationError(MESSAGES.proxyLocationRequired, { locationId: MESSAGES.proxyLocationRequired });
    if (input.customerId !== caller.customerId) throw notFound(MESSAGES.locationNotFound);
  }
  if (input.locationId === undefined) return undefined;
  const location = await readLocationName(client, tableName, input.customerId, input.locationId);
  if (location === undefined) throw notFound(MESSAGES.locationNotFound);
  return { id: input.locationId, name: location.name ?? input.locationId };
}
