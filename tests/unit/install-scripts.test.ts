import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * npm 11 prints an advisory at every install for each dependency whose install script `allowScripts` (package.json)
 * does not cover, and npm 12 blocks them. Every package of the lock file that has one is decided here: esbuild's runs
 * (it installs its platform binary), the others do not (prebuilt optional binaries, telemetry, a version warning).
 * Keys are names, not `name@version` pins: the lock file records no `resolved` URLs, and npm cannot match a pin
 * without one (`npm help approve-scripts`).
 */
const root = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));

const withInstallScripts = () =>
  Object.entries<{ hasInstallScript?: boolean }>(lock.packages)
    .filter(([path, entry]) => path && entry.hasInstallScript)
    .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));

describe('install scripts (allowScripts in package.json)', () => {
  it('decides every dependency of the lock file that has an install script', () => {
    const decided = Object.keys(pkg.allowScripts ?? {});
    expect([...new Set(withInstallScripts())].filter((name) => !decided.includes(name))).toEqual([]);
  });

  it("lets esbuild run its own (the binary), and nothing else it doesn't need", () => {
    expect(pkg.allowScripts).toEqual({
      esbuild: true,
      '@parcel/watcher': false,
      '@scarf/scarf': false,
      protobufjs: false,
      'unrs-resolver': false,
    });
  });

  it('names packages only (a pin never matches a lock file without resolved URLs)', () => {
    expect(Object.keys(pkg.allowScripts).filter((key) => key.lastIndexOf('@') > 0)).toEqual([]);
  });
});
