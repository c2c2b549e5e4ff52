import { PublishCommand, type IoTDataPlaneClient } from '@aws-sdk/client-iot-data-plane';
import type { DeviceCommandMessage } from '@domain/devices/device-commands';

/** How a command reaches a device: a publish on its commands topic. */
export interface CommandPublisher {
  publish(topic: string, message: DeviceCommandMessage): Promise<void>;
}

/**
 * Through the IoT data plane (IoT Core on AWS; the local stand-in, which publishes on the
 * local broker), at QoS 1: a device that holds a persistent session gets it when it wakes.
 */
export class IotCommandPublisher implements CommandPublisher {
  constructor(private readonly client: IoTDataPlaneClient) {}

  async publish(topic: string, message: DeviceCommandMessage): Promise<void> {
    await this.client.send(new PublishCommand({ topic, qos: 1, payload: new TextEncoder().encode(JSON.stringify(message)) }));
  }
}
