import { IoTDataPlaneClient } from '@aws-sdk/client-iot-data-plane';

let deviceDataClient: IoTDataPlaneClient | undefined;

/**
 * Publishing to devices (their commands). Locally the SDK reads the stand-in's
 * `AWS_ENDPOINT_URL_IOT_DATA_PLANE` itself; on AWS the data plane must be reached at the
 * account's own endpoint (`iot:Data-ATS`), which the CDK gives as `IOT_DATA_ENDPOINT`
 * (lib/devices.ts, docs/devices.md).
 */
export function iotDataClient(): IoTDataPlaneClient {
  const accountEndpoint = process.env['IOT_DATA_ENDPOINT'];
  deviceDataClient ??= new IoTDataPlaneClient(accountEndpoint ? { endpoint: `https://${accountEndpoint}` } : {});
  return deviceDataClient;
}
