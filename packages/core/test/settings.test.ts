import { describe, expect, it } from 'vitest';
import { DAEMON_SETTINGS, MAX_TIMER_MS, daemonSetting, numberIn } from '../src/index.js';

describe('numbers a user typed', () => {
  it('takes decimal numbers within the range', () => {
    expect(numberIn('12', '--limit', { min: 1, whole: true })).toBe(12);
    expect(numberIn('0.05', 'CN_IDLE_MINUTES', { min: 0, max: 10, whole: false })).toBe(0.05);
    expect(numberIn(3, '--depth', { min: 1, max: 10, whole: true })).toBe(3);
  });

  it.each([
    ['', "--limit takes a whole number of 1 or more, not ''"],
    [' 5', "--limit takes a whole number of 1 or more, not ' 5'"],
    ['1e3', "--limit takes a whole number of 1 or more, not '1e3'"],
    ['0x10', "--limit takes a whole number of 1 or more, not '0x10'"],
    ['2.5', "--limit takes a whole number of 1 or more, not '2.5'"],
    ['-1', "--limit takes a whole number of 1 or more, not '-1'"],
    ['\u001b[2J', "--limit takes a whole number of 1 or more, not '\\u001b[2J'"],
  ])('refuses %j, naming the flag, in one line', (text, message) => {
    expect(() => numberIn(text, '--limit', { min: 1, whole: true })).toThrow(message);
  });
});

describe('the daemon settings', () => {
  // 40,000 minutes overflowed setTimeout: the daemon's idle timer fired at once and it left as it started.
  it('bounds idle minutes by the longest timer node keeps', () => {
    expect(DAEMON_SETTINGS.idleMinutes.max * 60_000).toBeLessThanOrEqual(MAX_TIMER_MS);
    expect(daemonSetting('idleMinutes', undefined, { CN_IDLE_MINUTES: '35791' })).toBe(35_791);
    expect(() => daemonSetting('idleMinutes', undefined, { CN_IDLE_MINUTES: '40000' })).toThrow(
      "CN_IDLE_MINUTES takes a number from 0 to 35791, not '40000'",
    );
    expect(() => daemonSetting('idleMinutes', '40000', {})).toThrow(
      "--idle-minutes takes a number from 0 to 35791, not '40000'",
    );
  });

  it('takes the flag over the environment, and an empty variable as unset', () => {
    expect(daemonSetting('maxTsServerMemory', '300', { CN_MAX_TS_MEMORY: 'lots' })).toBe(300);
    expect(daemonSetting('maxTsServerMemory', undefined, { CN_MAX_TS_MEMORY: '' })).toBeUndefined();
    expect(() => daemonSetting('maxTsServerMemory', undefined, { CN_MAX_TS_MEMORY: '1e9' })).toThrow(
      /^CN_MAX_TS_MEMORY takes a whole number from 16 to 1048576, not '1e9'$/,
    );
    expect(() => daemonSetting('requestTimeoutMs', undefined, { CN_REQUEST_TIMEOUT_MS: '3000000000' })).toThrow(
      /^CN_REQUEST_TIMEOUT_MS takes a whole number from 1 to 2147483647/,
    );
  });
});
