import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { StampsOnConnect, type StampTaker } from '../src/adapters/stamps-on-connect.js';
import { QuestionsInFlight } from '../src/questions-in-flight.js';

/** A clock the test moves, a file list the test may hold back, and stamps that say when they were taken. */
function setup(files = ['/p/a.ts', '/p/b.ts', '/p/gone.ts'], msPerBatch = 0) {
  let now = 0;
  let release: (() => void) | undefined;
  let holdList = false;
  let eventsVouch = false;
  const taken: number[] = [];
  const taker: StampTaker = {
    files: () => (holdList ? new Promise((resolve) => (release = () => resolve(files))) : Promise.resolve(files)),
    statStamps: (batch) => {
      taken.push(now);
      const stamps = batch.map((file) => (file.includes('gone') ? undefined : `${file}@${now}`));
      now += msPerBatch;
      return stamps;
    },
    worthTaking: () => !eventsVouch,
  };
  const stamps = new StampsOnConnect(taker, new QuestionsInFlight(() => now));
  const socket = () => ({}) as Socket;
  /** Lets the stamps being taken finish (a list in hand, batches between turns of the event loop). */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  return {
    stamps,
    socket,
    settle,
    taken,
    tick: (ms: number) => (now += ms),
    hold: () => (holdList = true),
    releaseList: () => release?.(),
    vouchByEvents: () => (eventsVouch = true),
  };
}

describe('StampsOnConnect: stamps taken as a connection arrives, for the question it then asks', () => {
  it('answers the first question of a connection from the stamps taken when it arrived, without a stat', async () => {
    const { stamps, socket, settle, taken, tick } = setup();
    const client = socket();
    stamps.connected(client);
    await settle();
    tick(10);
    const question = {};
    stamps.questionStarted(question, client);
    expect(stamps.files()).toEqual(['/p/a.ts', '/p/b.ts', '/p/gone.ts']);
    expect(stamps.stamp('/p/a.ts')).toBe('/p/a.ts@0');
    expect(stamps.stamp('/p/gone.ts')).toBeNull();
    expect(stamps.stamp('/p/other.ts')).toBeUndefined();
    expect(taken).toEqual([0]);
    stamps.questionEnded(question);
    // No question in flight (the index going on in the background): never.
    expect(stamps.stamp('/p/a.ts')).toBeUndefined();
    expect(stamps.files()).toBeUndefined();
  });

  it('takes none while the file events vouch for the stats: a question’s own cost little then', async () => {
    const { stamps, socket, settle, taken, vouchByEvents } = setup();
    vouchByEvents();
    const client = socket();
    stamps.connected(client);
    await settle();
    stamps.questionStarted({}, client);
    expect(taken).toEqual([]);
    expect(stamps.stamp('/p/a.ts')).toBeUndefined();
  });

  it('a kept-alive connection’s next question is newer than the connection: it stats', async () => {
    const { stamps, socket, settle, tick } = setup();
    const client = socket();
    stamps.connected(client);
    await settle();
    const first = {};
    stamps.questionStarted(first, client);
    stamps.questionEnded(first);
    tick(5_000);
    const second = {};
    stamps.questionStarted(second, client);
    expect(stamps.stamp('/p/a.ts')).toBeUndefined();
  });

  it('stamps started before a connection arrived are not used for its question', async () => {
    const { stamps, socket, settle, tick, hold, releaseList } = setup();
    hold();
    const early = socket();
    stamps.connected(early);
    tick(3);
    // Arrives while the stamps are being taken: they may predate an edit this client made.
    const late = socket();
    stamps.connected(late);
    releaseList();
    await settle();
    const question = {};
    stamps.questionStarted(question, late);
    expect(stamps.stamp('/p/a.ts')).toBeUndefined();
    // The early one may, alone; with the late one in flight too, neither does.
    const earlyQuestion = {};
    stamps.questionStarted(earlyQuestion, early);
    expect(stamps.stamp('/p/a.ts')).toBeUndefined();
    stamps.questionEnded(question);
    expect(stamps.stamp('/p/a.ts')).toBe('/p/a.ts@3');
  });

  it('a connection after the stamps were taken brings newer ones for its own question', async () => {
    const { stamps, socket, settle, tick, taken } = setup();
    stamps.connected(socket());
    await settle();
    tick(100);
    const client = socket();
    stamps.connected(client);
    await settle();
    const question = {};
    stamps.questionStarted(question, client);
    expect(stamps.stamp('/p/b.ts')).toBe('/p/b.ts@100');
    expect(taken).toEqual([0, 100]);
  });

  it('stamps a large project a batch at a time, so questions on other connections are not held up', async () => {
    const files = Array.from({ length: 200 }, (_unused, index) => `/p/f${index}.ts`);
    const { stamps, socket, settle, taken } = setup(files);
    stamps.connected(socket());
    await settle();
    expect(taken.length).toBe(Math.ceil(200 / 64));
  });

  it('a question that comes before the stamps are all taken stops them: it stats for itself', async () => {
    const { stamps, socket, settle, taken, hold, releaseList } = setup();
    hold();
    const client = socket();
    stamps.connected(client);
    const question = {};
    stamps.questionStarted(question, client);
    releaseList();
    await settle();
    expect(taken).toEqual([]);
    expect(stamps.stamp('/p/a.ts')).toBeUndefined();
  });

  it('rests four times as long as the last stamps took: a flood of connections gets a fifth of a core', async () => {
    const { stamps, socket, settle, taken, tick } = setup(['/p/a.ts'], 10);
    stamps.connected(socket());
    await settle();
    expect(taken).toEqual([0]);
    tick(30);
    stamps.connected(socket());
    await settle();
    expect(taken).toEqual([0]);
    tick(20);
    stamps.connected(socket());
    await settle();
    expect(taken).toEqual([0, 60]);
  });

  it('takes none when the file list would have to be made (nothing listed yet, or a file created since)', async () => {
    const stamps = new StampsOnConnect(
      {
        files: async () => undefined,
        statStamps: () => expect.unreachable('no stats without a list'),
        worthTaking: () => true,
      },
      new QuestionsInFlight(() => 0),
    );
    const client = {} as Socket;
    stamps.connected(client);
    await new Promise((resolve) => setTimeout(resolve, 20));
    stamps.questionStarted({}, client);
    expect(stamps.files()).toBeUndefined();
    expect(stamps.stamp('/p/a.ts')).toBeUndefined();
  });
});
