import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer, type Server } from 'node:net';
import { Aedes } from 'aedes';
import { createWebSocketStream, WebSocketServer } from 'ws';

export interface LocalBroker {
  broker: Aedes;
  url: string;
  webSocketUrl: string;
  stop(): Promise<void>;
}

const listen = (server: Server | ReturnType<typeof createHttpServer>, port: number) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });

/** The local stand-in for IoT Core's broker: MQTT over TCP and over WebSocket. */
export async function startBroker(port: number, webSocketPort: number): Promise<LocalBroker> {
  const broker = await Aedes.createBroker();
  const tcp = createTcpServer(broker.handle);
  const http = createHttpServer();
  const webSockets = new WebSocketServer({ server: http });
  webSockets.on('connection', (socket, request) => broker.handle(createWebSocketStream(socket), request));
  await listen(tcp, port);
  await listen(http, webSocketPort);
  return {
    broker,
    url: `mqtt://localhost:${port}`,
    webSocketUrl: `ws://localhost:${webSocketPort}`,
    stop: async () => {
      for (const client of webSockets.clients) client.terminate();
      await new Promise<void>((resolve) => webSockets.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
      await new Promise<void>((resolve) => { http.close(() => resolve()); http.closeAllConnections(); });
    },
  };
}
