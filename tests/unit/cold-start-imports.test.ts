import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Issue 36, cold starts: importing a function module loads no package that only a request needs. ajv (with its
 * formats), jsonwebtoken (with semver and lodash helpers), the Cosmos SDK and exceljs were most of every module's
 * import time; they now load on first use. Each of them is mocked here with a factory that records its evaluation:
 * a module that imports one at the top level fails this test.
 */
// jest hoists jest.mock above the imports: the factories may only use `mock`-prefixed names, evaluated lazily.
const mockLoaded: string[] = [];
jest.mock('ajv', () => (mockLoaded.push('ajv'), {}));
jest.mock('ajv-formats', () => (mockLoaded.push('ajv-formats'), {}));
jest.mock('jsonwebtoken', () => (mockLoaded.push('jsonwebtoken'), {}));
jest.mock('@azure/cosmos', () => (mockLoaded.push('@azure/cosmos'), {}));
jest.mock('exceljs', () => (mockLoaded.push('exceljs'), {}));

const FUNCTIONS = join(__dirname, '..', '..', 'functions');
const modules = readdirSync(FUNCTIONS)
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.replace(/\.ts$/, ''));

describe('function modules import without the request-time packages', () => {
  it.each(modules)('%s', (name) => {
    mockLoaded.length = 0;
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      require(join(FUNCTIONS, name));
    });
    expect(mockLoaded).toEqual([]);
  });
});
