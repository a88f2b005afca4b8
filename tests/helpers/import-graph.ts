import { readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import ts from 'typescript';

/**
 * What importing a module loads, found without running it (issue 36's cold start, tests/unit/cold-start-imports.test.ts):
 * each own source file is compiled as the build compiles it (CommonJS, so imports used only as types disappear) and
 * its TOP-LEVEL requires are followed; a require inside a function (a package loaded on first use) is not. A
 * package counts with its entry file; the packages a request needs only are kept out by the same test's mocks.
 * The bytes are of the compiled JavaScript: what Node reads and compiles at import, deterministic where a clock is not.
 */
export interface ImportFootprint {
  /** Files loaded: own modules and package entry files. */
  files: number;
  /** Bytes of JavaScript in them. */
  bytes: number;
}

const COMPILER: ts.CompilerOptions = {
  module: ts.ModuleKind.CommonJS,
  target: ts.ScriptTarget.ES2022,
  esModuleInterop: true,
};

// `const x_1 = require("./x");`, `const x_1 = __importDefault(require("x"));`, `require("./x");`,
// `__exportStar(require("./x"), exports);` at the start of a line: the compiled form of a top-level import.
const TOP_LEVEL_REQUIRE =
  /^(?:(?:const|let|var) [\w$]+ = (?:__importDefault\(|__importStar\()?|__exportStar\()?require\("([^"]+)"\)/gm;

const builtins = new Set(builtinModules);
const isBuiltin = (specifier: string) => specifier.startsWith('node:') || builtins.has(specifier.split('/')[0]!);

function resolveOwn(from: string, specifier: string): string {
  const base = join(dirname(from), specifier);
  for (const candidate of [`${base}.ts`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  throw new Error(`${from}: cannot resolve ${specifier}`);
}

const compiled = new Map<string, { bytes: number; requires: string[] }>();

function compile(file: string) {
  let entry = compiled.get(file);
  if (!entry) {
    const js = ts.transpileModule(readFileSync(file, 'utf8'), { compilerOptions: COMPILER, fileName: file }).outputText;
    entry = { bytes: Buffer.byteLength(js), requires: [...js.matchAll(TOP_LEVEL_REQUIRE)].map((m) => m[1]!) };
    compiled.set(file, entry);
  }
  return entry;
}

/** The files and bytes importing `entry` (a .ts source) loads. */
export function importFootprint(entry: string): ImportFootprint {
  const seen = new Set<string>();
  let bytes = 0;
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const { bytes: own, requires } = compile(file);
    bytes += own;
    for (const specifier of requires) {
      if (isBuiltin(specifier)) continue;
      if (specifier.startsWith('.')) visit(resolveOwn(file, specifier));
      else {
        const main = require.resolve(specifier, { paths: [dirname(file)] });
        if (!seen.has(main)) {
          seen.add(main);
          bytes += statSync(main).size;
        }
      }
    }
  };
  visit(entry);
  return { files: seen.size, bytes };
}
