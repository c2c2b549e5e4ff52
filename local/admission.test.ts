import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@domain/core/messages';
import { Admission, BUSY_RETRY_AFTER_SECONDS, DEFAULT_ADMISSION_LIMITS, withAdmission, type AdmissionLimits } from './admission';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A gateway in miniature: every request goes through `withAdmission` (the client named by its
 * `x-client` header) to a fake handler that holds its slot until the test lets it answer.
 */
class FakeGateway {
  readonly started: string[] = [];
  private readonly waiting: (() => void)[] = [];
  private readonly waiters: (() => void)[] = [];
  readonly server: Server;

  constructor(readonly admission: Admission) {
    this.server = createServer((request, response) => {
      const client = String(request.headers['x-client']);
      void withAdmission(admission, client, request, response, async () => {
        this.started.push(`${client} ${request.url ?? ''}`);
        for (const waiter of this.waiters.splice(0)) waiter();
        await new Promise<void>((resolveRun) => this.waiting.push(resolveRun));
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ served: request.url }));
      });
    });
  }

  listen(): Promise<void> {
    return new Promise((resolveListen) => this.server.listen(0, '127.0.0.1', () => resolveListen()));
  }

  /** Lets the oldest running request answer. */
  finishOne(): void {
    this.waiting.shift()?.();
  }

  /** Resolves once `count` requests have reached the handler. */
  async startedCount(count: number): Promise<void> {
    while (this.started.length < count) await new Promise<void>((resolveStart) => this.waiters.push(resolveStart));
  }

  get(client: string, path: string): Promise<Answer> {
    const { port } = this.server.address() as AddressInfo;
    return new Promise((resolveAnswer, reject) => {
      const outgoing = httpRequest({ host: '127.0.0.1', port, path, headers: { 'x-client': client }, agent: false }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => { body += chunk; });
        response.on('end', () => resolveAnswer({ status: response.statusCode ?? 0, headers: response.headers, body }));
        response.on('error', reject);
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
  }

  close(): Promise<void> {
    for (const release of this.waiting.splice(0)) release();
    this.server.closeAllConnections();
    return new Promise((resolveClose) => this.server.close(() => resolveClose()));
  }
}

/** Resolves once `condition` holds (what the test waits for happens on other connections). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolveTick) => setTimeout(resolveTick, 5));
}

/** The answers of `requests` as they come, in the order they come. */
function collect(requests: Promise<Answer>[]): Answer[] {
  const answers: Answer[] = [];
  for (const request of requests) void request.then((answer) => answers.push(answer));
  return answers;
}

const SMALL: AdmissionLimits = { maxInFlight: 2, maxQueued: 4, maxPerClient: 3, maxWaitMs: 60_000 };

describe('withAdmission (the local gateway under load)', () => {
  let gateway: FakeGateway;

  beforeEach(async () => {
    gateway = new FakeGateway(new Admission(SMALL));
    await gateway.listen();
  });

  afterEach(async () => {
    await gateway.close();
  });

  it('answers the requests past a client\'s share with 503 and Retry-After at once, while its others still run or wait', async () => {
    // Prepare: the flooding client holds its share (2 running, 1 waiting), none of them answered
    const held = [gateway.get('flooder', '/1'), gateway.get('flooder', '/2'), gateway.get('flooder', '/3')];
    await gateway.startedCount(2);
    await until(() => gateway.admission.load.queued === 1);

    // Act
    const refused = await Promise.all([gateway.get('flooder', '/4'), gateway.get('flooder', '/5')]);

    // Assert: answered while every slot is still taken
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
      expect(answer.headers['x-error-code']).toBe('portalBusy');
      expect(JSON.parse(answer.body)).toEqual({ message: MESSAGES.portalBusy });
    }
    expect(gateway.admission.load).toEqual({ running: 2, queued: 1 });
    gateway.finishOne();
    gateway.finishOne();
    await gateway.startedCount(3);
    gateway.finishOne();
    expect((await Promise.all(held)).map((answer) => answer.status)).toEqual([200, 200, 200]);
  });

  it('refuses at once when the queue is full, whoever asks', async () => {
    // Prepare: 2 running and 4 waiting, of three clients
    const held = [
      gateway.get('a', '/1'), gateway.get('a', '/2'), gateway.get('a', '/3'),
      gateway.get('b', '/1'), gateway.get('b', '/2'), gateway.get('c', '/1'),
    ];
    await gateway.startedCount(2);
    await until(() => gateway.admission.load.queued === 4);

    // Act
    const refused = await gateway.get('d', '/1');

    // Assert
    expect(refused.status).toBe(503);
    for (let index = 1; index <= held.length; index += 1) {
      await gateway.startedCount(index);
      gateway.finishOne();
    }
    expect((await Promise.all(held)).every((answer) => answer.status === 200)).toBe(true);
  });

  it('serves another client\'s request while one client floods, before the flooder\'s next', async () => {
    // Prepare: the flooder fills both slots and its share of the queue (2 waiting), and keeps sending
    await gateway.close();
    gateway = new FakeGateway(new Admission({ ...SMALL, maxPerClient: 4 }));
    await gateway.listen();
    const flood = Array.from({ length: 8 }, (_, index) => gateway.get('flooder', `/${index}`));
    const flooderAnswers = collect(flood);
    await gateway.startedCount(2);
    await until(() => gateway.admission.load.queued === 2 && flooderAnswers.length === 4);
    expect(flooderAnswers.every((answer) => answer.status === 503)).toBe(true);

    // Act: another client asks, then two of the flooder's requests finish
    const other = gateway.get('other', '/mine');
    await until(() => gateway.admission.load.queued === 3);
    gateway.finishOne();
    gateway.finishOne();
    await gateway.startedCount(4);

    // Assert: the other client's request ran before the flooder's second waiting one (the first came before it)
    expect(gateway.started[2]).toMatch(/^flooder /);
    expect(gateway.started[3]).toBe('other /mine');
    for (let index = 1; index <= 5; index += 1) {
      await gateway.startedCount(Math.min(index + 2, 5));
      gateway.finishOne();
    }
    expect((await other).status).toBe(200);
    await Promise.all(flood);
    expect(flooderAnswers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 503, 503, 503, 503]);
  });

  it('serves again as soon as the burst is over', async () => {
    // Prepare: a burst, refused past the share
    const burst = Array.from({ length: 6 }, (_, index) => gateway.get('flooder', `/${index}`));
    const answers = collect(burst);
    await until(() => answers.length === 3);
    expect(answers.map((answer) => answer.status)).toEqual([503, 503, 503]);
    for (let index = 1; index <= 3; index += 1) {
      await gateway.startedCount(index);
      gateway.finishOne();
    }
    await Promise.all(burst);

    // Act
    const after = gateway.get('flooder', '/after');
    await gateway.startedCount(4);
    gateway.finishOne();

    // Assert
    expect((await after).status).toBe(200);
    expect(gateway.admission.load).toEqual({ running: 0, queued: 0 });
  });

  it('refuses a waiting request that got no slot within the longest wait', async () => {
    // Prepare
    await gateway.close();
    gateway = new FakeGateway(new Admission({ ...SMALL, maxWaitMs: 20 }));
    await gateway.listen();
    const held = [gateway.get('a', '/1'), gateway.get('b', '/1')];
    await gateway.startedCount(2);

    // Act
    const waited = await gateway.get('c', '/1');

    // Assert
    expect(waited.status).toBe(503);
    expect(gateway.admission.load).toEqual({ running: 2, queued: 0 });
    gateway.finishOne();
    gateway.finishOne();
    expect((await Promise.all(held)).map((answer) => answer.status)).toEqual([200, 200]);
  });
});

describe('Admission', () => {
  it('gives up the place of a request whose client left, and its share with it', async () => {
    // Prepare
    const admission = new Admission({ ...SMALL, maxInFlight: 1 });
    const running = await admission.admit('a');
    const left = new AbortController();
    const waiting = admission.admit('a', left.signal);

    // Act
    left.abort();

    // Assert
    await expect(waiting).resolves.toEqual({ admitted: false });
    expect(admission.load).toEqual({ running: 1, queued: 0 });
    if (running.admitted) running.release();
    const next = await admission.admit('a');
    expect(next.admitted).toBe(true);
  });

  it('frees a slot once however often it is released', async () => {
    // Prepare
    const admission = new Admission({ ...SMALL, maxInFlight: 1 });
    const first = await admission.admit('a');
    const second = admission.admit('b');

    // Act
    if (first.admitted) {
      first.release();
      first.release();
    }

    // Assert
    expect((await second).admitted).toBe(true);
    expect(admission.load).toEqual({ running: 1, queued: 0 });
  });

  it('keeps the defaults far above what a browser (6 at once) and the suites (8 at once) send', () => {
    expect(DEFAULT_ADMISSION_LIMITS.maxInFlight).toBeGreaterThanOrEqual(16);
    expect(DEFAULT_ADMISSION_LIMITS.maxPerClient).toBeGreaterThanOrEqual(32);
  });
});
