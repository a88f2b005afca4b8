import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICE_VERSION } from '../../shared/version';

/**
 * CHANGELOG.md has one section per release, newest first; the newest is the version in package.json, which the
 * health answer and the OpenAPI document report (shared/version.ts), so a release is bumped in one place.
 */
const root = join(__dirname, '..', '..');
const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
const releases = [...changelog.matchAll(/^## (\d+\.\d+\.\d+)$/gm)].map((m) => m[1]);

const order = (v: string) =>
  v
    .split('.')
    .map(Number)
    .reduce((n, part) => n * 1000 + part, 0);

describe('CHANGELOG.md and the version', () => {
  it('has one section per release, newest first, the newest being package.json version', () => {
    expect(releases.length).toBeGreaterThan(1);
    expect(releases[0]).toBe(pkg.version);
    expect(new Set(releases).size).toBe(releases.length);
    expect([...releases].sort((a, b) => order(b) - order(a))).toEqual(releases);
  });

  it('reports that version in the health answer and the lock file', () => {
    expect(SERVICE_VERSION).toBe(pkg.version);
    expect([lock.version, lock.packages[''].version]).toEqual([pkg.version, pkg.version]);
  });

  it('opens with the input changes of issue 22 (the list it replaced)', () => {
    const newest = changelog.slice(changelog.indexOf(`## ${releases[0]}`), changelog.indexOf(`## ${releases[1]}`));
    expect(newest).toContain('### Accepted input (issue 22)');
    expect(newest).toContain('### Answers (issue 22)');
  });
});
