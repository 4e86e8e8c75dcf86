import { describe, expect, it } from 'vitest';
import type { PortFile } from '@cn/protocol';
import { checkEngine, requestedEngine } from '../src/engine-request.js';

const portFile = (engine?: 'native' | 'tsserver'): PortFile => ({
  pid: 1,
  port: 41700,
  host: '127.0.0.1',
  root: '/project',
  token: 't',
  version: '0.1.0',
  startedAt: '2026-01-01T00:00:00.000Z',
  logFile: '/tmp/daemon.log',
  ...(engine ? { engine } : {}),
});

describe('the engine a command asks for', () => {
  it('reads CN_ENGINE, auto when unset, and refuses anything else in one line', () => {
    expect(requestedEngine({})).toBe('auto');
    expect(requestedEngine({ CN_ENGINE: 'native' })).toBe('native');
    expect(() => requestedEngine({ CN_ENGINE: 'fast' })).toThrow(
      expect.objectContaining({ kind: 'bad-input', message: "CN_ENGINE must be auto, native or tsserver, not 'fast'" }),
    );
  });

  it('refuses a running daemon of the other engine instead of answering with it', () => {
    expect(() => checkEngine(portFile('tsserver'), 'native')).toThrow(
      expect.objectContaining({
        kind: 'unavailable',
        message: 'the daemon for /project runs the tsserver engine, not native',
        hint: expect.stringMatching(/^cn stop --root \/project/),
      }),
    );
  });

  it('takes any running daemon for auto, the same engine, or an older port file that names none', () => {
    expect(() => checkEngine(portFile('tsserver'), 'auto')).not.toThrow();
    expect(() => checkEngine(portFile('native'), 'native')).not.toThrow();
    expect(() => checkEngine(portFile(), 'native')).not.toThrow();
  });
});
