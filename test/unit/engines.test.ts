import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` warns EBADENGINE when an installed package does not support the running node. Every package
 * the lockfile pins must support every node of the range package.json states (cookie@2, under fastify's
 * light-my-request, wanted Node 22: package.json pins cookie 1 there through `overrides`).
 */
const REPO = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8'));
const lockfile = JSON.parse(readFileSync(path.join(REPO, 'package-lock.json'), 'utf8'));
const supported: string = manifest.engines.node;

describe('the supported Node range', () => {
  it('is a valid range that includes the Node majors in use (20.19+, 22, 24, 26)', () => {
    expect(semver.validRange(supported)).not.toBeNull();
    for (const version of ['20.19.0', '22.13.0', '22.23.3', '24.0.0', '26.1.0'])
      expect(semver.satisfies(version, supported), version).toBe(true);
    expect(semver.satisfies('20.18.0', supported)).toBe(false);
  });

  it('is supported by every package the lockfile installs, so npm ci prints no EBADENGINE', () => {
    const narrower = Object.entries(lockfile.packages as Record<string, { engines?: unknown }>)
      .filter(([location]) => location !== '')
      .map(([location, entry]) => ({
        location,
        node:
          entry.engines && typeof entry.engines === 'object' ? (entry.engines as { node?: string }).node : undefined,
      }))
      .filter(({ node }) => node !== undefined && !semver.subset(supported, node))
      .map(({ location, node }) => `${location} wants node ${node}`);
    expect(narrower).toEqual([]);
  });

  it('is what the published package states', async () => {
    const { packageManifest } = await import('../../scripts/package.mjs');
    expect(packageManifest({}).engines).toEqual({ node: supported });
  });
});
