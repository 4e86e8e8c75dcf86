import { describe, expect, it } from 'vitest';
import { presentAnswer, type EngineStatus } from '@cn/core';
import { answerWarnings } from '../src/answer-warnings.js';
import { fakeDaemonStatus } from './status-fixture.js';

const CRASHES =
  'the native engine crashed 6 times within a minute; the last time: the native TypeScript server crashed: ' +
  'panic: runtime error: invalid memory address or nil pointer dereference [recovered, repanicked]';
const CONFIG_ERROR = { file: 'tsconfig.json', line: 1, character: 2, code: 'TS1005', message: "',' expected." };

describe("auto's hand-over to the other engine", () => {
  it('is told once, on the first answer after it, then only by cn status', () => {
    let status: EngineStatus = fakeDaemonStatus(1, { engine: 'native', engineMode: 'auto' });
    const warning = answerWarnings(() => status);
    expect(warning()).toBeUndefined();
    status = { ...status, engine: 'tsserver', engineFallback: { from: 'native', reason: CRASHES } };
    expect(warning()).toBe(`${CRASHES} - the tsserver engine answers for this whole root instead (cn status says so)`);
    expect(warning()).toBeUndefined();
  });

  it('is told beside config errors, each once', () => {
    let status: EngineStatus = fakeDaemonStatus(1, { configErrors: [CONFIG_ERROR] });
    const warning = answerWarnings(() => status);
    expect(warning()).toMatch(/^tsconfig\.json:1:2: ',' expected\. \(TS1005\) - the project of a config/);
    status = { ...status, engine: 'tsserver', engineFallback: { from: 'native', reason: CRASHES } };
    expect(warning()).toBe(`${CRASHES} - the tsserver engine answers for this whole root instead (cn status says so)`);
    expect(warning()).toBeUndefined();
  });

  it('is named in the engine line of cn status', () => {
    const { output: text } = presentAnswer(
      'status',
      fakeDaemonStatus(1, {
        engine: 'tsserver',
        engineMode: 'auto',
        engineReason: 'no tsconfig/jsconfig needs tsserver',
        engineFallback: { from: 'native', reason: CRASHES },
      }),
      'text',
    );
    expect(text).toMatch(
      new RegExp(`^engine +tsserver: .*\\(auto: ${escape(CRASHES)}; tsserver took over the whole root\\)$`, 'm'),
    );
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('configs whose options the engine answering does not honour', () => {
  const text = (notHonoured: Array<{ config: string; option: string; files: number }>) =>
    presentAnswer('status', fakeDaemonStatus(1, { engine: 'native', notHonoured }), 'text').output;

  it('are listed by cn status, a row each, with the files each holds', () => {
    expect(
      text([
        { config: 'test/ui/tsconfig.json', option: 'baseUrl', files: 43 },
        { config: 'tools/amd/jsconfig.json', option: 'classic module resolution', files: 1 },
      ]),
    ).toContain(
      'unhonoured  test/ui/tsconfig.json: baseUrl (43 files), answered by native\n' +
        '            tools/amd/jsconfig.json: classic module resolution (1 file), answered by native\n',
    );
  });

  it('are cut at ten rows, saying how many more', () => {
    const many = Array.from({ length: 12 }, (_, n) => ({ config: `p${n}/tsconfig.json`, option: 'baseUrl', files: 2 }));
    const rows = text(many).split('\n');
    expect(rows.filter((row) => row.includes(', answered by native'))).toHaveLength(10);
    expect(rows).toContain('            and 2 more (cn status --format json lists them)');
  });

  it('leave no row when there are none', () => {
    expect(text([])).not.toContain('unhonoured');
  });
});
