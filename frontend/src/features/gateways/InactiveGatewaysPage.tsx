import { GatewayListPage } from './GatewayListPage';

/** Inactive gateways (SPEC section 2): the gateways set Inactive, out of the main list. */
export default function InactiveGatewaysPage() {
  return <GatewayListPage list="inactive" />;
}
