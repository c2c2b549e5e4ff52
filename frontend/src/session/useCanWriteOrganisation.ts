import { ORGANISATION_WRITERS } from '@domain/identity/roles';
import { useCurrentUser } from './useAuth';

/** Whether the signed-in user may write the organisation's settings (an administrator's lists); others only read them. */
export function useCanWriteOrganisation(): boolean {
  const { role } = useCurrentUser();
  return role !== null && ORGANISATION_WRITERS.includes(role);
}
