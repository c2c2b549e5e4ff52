import { validationError } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import { gatewayRelayProblem } from '@domain/devices/sensor';
import type { ConnectionType } from '@domain/devices/device-catalogue';
import { readByIds, readGatewayPlacement, readSite, unknownGateway, unknownSite, type DataTable, dataLoggingProfileKey } from '../data';
import { maySeeSite, siteAccessOf, type AccessScope } from '../shared/access';

/** Where a sensor goes: its site, the location that site is on, the gateway it reports through (by its connection type). */
export interface SensorPlacement {
  siteId: string;
  locationId: string;
  gatewayId: string;
  connectionType: ConnectionType;
}

/**
 * The checks of a sensor's placement that need the table (SPEC section 5 and the access
 * layer): the site exists and the caller reaches it; the site is on the chosen location; the
 * gateway exists, is on the same site (a sensor reports through a gateway of its own site)
 * and its model relays the sensor's
 * connection type (Wi-Fi excepted: domain/devices/sensor.ts `gatewayRelayProblem`). The location's
 * existence is the write transaction's own condition (its reference).
 *
 * A site the caller may not reach answers exactly as a missing one (400, "A selected site does
 * not exist."), and so does a gateway on such a site ("The selected gateway was not found."):
 * a different answer would tell a limited user which hidden sites and gateways exist.
 */
export async function assertPlacement(
  client: DataTable['client'],
  tableName: string,
  scope: AccessScope,
  customerId: string,
  placement: SensorPlacement,
): Promise<void> {
  // The caller's scope was read once for the request; a site it does not reach is as unknown as a missing one.
  const access = siteAccessOf(scope);
  if (!maySeeSite(access, placement.siteId)) throw unknownSite();
  const [site, gateway] = await Promise.all([
    readSite(client, tableName, customerId, placement.siteId),
    readGatewayPlacement(client, tableName, customerId, placement.gatewayId),
  ]);
  if (site === undefined) throw unknownSite();
  if (!site.locationIds.includes(placement.locationId)) {
    throw validationError(MESSAGES.sensorSiteNotOnLocation, { locationId: MESSAGES.sensorSiteNotOnLocation });
  }
  const gatewaySite = gateway?.siteId;
  if (gateway === undefined || !maySeeSite(access, typeof gatewaySite === 'string' ? gatewaySite : undefined)) throw unknownGateway();
  if (gatewaySite !== placement.siteId) {
    throw validationError(MESSAGES.sensorGatewayOtherSite, { gatewayId: MESSAGES.sensorGatewayOtherSite });
  }
  const { model } = gateway;
  const relayProblem = gatewayRelayProblem(typeof model === 'string' ? model : undefined, placement.connectionType);
  if (relayProblem !== undefined) throw validationError(relayProblem, { gatewayId: relayProblem });
}

/** Every data logging profile named exists (the write's use count is the guarantee; this names the problem first). */
export async function assertProfilesExist(client: DataTable['client'], tableName: string, customerId: string, profileIds: readonly string[]): Promise<void> {
  const found = await readByIds(client, tableName, customerId, dataLoggingProfileKey, profileIds);
  if (profileIds.some((profileId) => !found.has(profileId))) {
    throw validationError(MESSAGES.dataLoggingProfileUnknown, { channels: MESSAGES.dataLoggingProfileUnknown });
  }
}
