import { createServer } from 'node:net';

/** Every local port, each changeable by the environment variable named beside it. */
export const PORT_VARIABLES = {
  portal: 'PORT',
  dynamodb: 'DYNAMODB_PORT',
  cognito: 'COGNITO_PORT',
  s3: 'S3_PORT',
  ses: 'SES_PORT',
  mqtt: 'MQTT_PORT',
  mqttWebSocket: 'MQTT_WS_PORT',
} as const;
export type PortName = keyof typeof PORT_VARIABLES;
export type LocalPorts = Record<PortName, number>;

export const DEFAULT_PORTS: LocalPorts = {
  portal: 3000,
  dynamodb: 8000,
  cognito: 9229,
  s3: 4569,
  ses: 8005,
  mqtt: 1883,
  mqttWebSocket: 8083,
};

export function portsFromEnvironment(env: NodeJS.ProcessEnv = process.env): LocalPorts {
  const ports = { ...DEFAULT_PORTS };
  for (const [name, variable] of Object.entries(PORT_VARIABLES) as [PortName, string][]) {
    const raw = env[variable];
    if (raw === undefined || raw === '') continue;
    const port = Number(raw);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      throw new Error(`${variable}=${raw} is not a port number (1-65535).`);
    }
    ports[name] = port;
  }
  return ports;
}

export class PortInUseError extends Error {
  constructor(readonly port: number, readonly variable: string) {
    super(`Port ${port} is already in use. Stop what uses it, or set ${variable} to another port.`);
    this.name = 'PortInUseError';
  }
}

function probe(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** Stops start-up with a message naming the variable, before anything is started. */
export async function assertPortsFree(ports: LocalPorts): Promise<void> {
  for (const [name, variable] of Object.entries(PORT_VARIABLES) as [PortName, string][]) {
    if (!(await probe(ports[name]))) throw new PortInUseError(ports[name], variable);
  }
}

/** A free port chosen by the system, for tests that run a whole stack beside another. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function freePorts(): Promise<LocalPorts> {
  const ports = {} as LocalPorts;
  const taken = new Set<number>();
  for (const name of Object.keys(PORT_VARIABLES) as PortName[]) {
    let port = await freePort();
    while (taken.has(port)) port = await freePort();
    taken.add(port);
    ports[name] = port;
  }
  return ports;
}
