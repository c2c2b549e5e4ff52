import { GatewayListPage } from './GatewayListPage';

/** Gateways: the active gateways the user reaches. */
export default function GatewaysPage() {
  return <GatewayListPage list="active" />;
}
