import { describe, expect, it } from 'vitest';
import type { OutlineNode } from '@cn/core';
import { FileAnswers } from '../src/file-answers.js';
import type { FileStamp } from '../src/file-stamp.js';

const stamp = (value: string) => value as unknown as FileStamp;

describe('FileAnswers', () => {
  it('computes once per file, session and stamp, and keeps at most maxFiles, least recently used out', async () => {
    const answers = new FileAnswers(2);
    const session = {};
    let computed = 0;
    const outline = () => {
      computed += 1;
      return Promise.resolve<OutlineNode[]>([]);
    };
    await answers.get('outline', '/a.ts', session, stamp('1'), outline);
    await answers.get('outline', '/a.ts', session, stamp('1'), outline);
    expect(computed).toBe(1);
    await answers.get('outline', '/a.ts', session, stamp('2'), outline);
    await answers.get('outline', '/a.ts', {}, stamp('2'), outline);
    expect(computed).toBe(3);
    const other = {};
    await answers.get('outline', '/a.ts', other, stamp('1'), outline); // 4
    await answers.get('outline', '/b.ts', other, stamp('1'), outline); // 5
    await answers.get('outline', '/a.ts', other, stamp('1'), outline); // cached; a most recent
    await answers.get('outline', '/c.ts', other, stamp('1'), outline); // 6, evicts b
    await answers.get('outline', '/a.ts', other, stamp('1'), outline); // cached
    expect(computed).toBe(6);
    await answers.get('outline', '/b.ts', other, stamp('1'), outline);
    expect(computed).toBe(7);
  });

  it('does not remember a failed answer', async () => {
    const answers = new FileAnswers(4);
    const session = {};
    await expect(
      answers.get('folds', '/a.ts', session, stamp('1'), () => Promise.reject(new Error('busy'))),
    ).rejects.toThrow('busy');
    await expect(answers.get('folds', '/a.ts', session, stamp('1'), () => Promise.resolve([]))).resolves.toEqual([]);
  });
});
