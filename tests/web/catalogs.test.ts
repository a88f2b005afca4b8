import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * The client's words live in the message catalogs (web/src/i18n/locales/<language>.json,
 * docs/decisions/web-client.md, "Languages"):
 * - every catalog has every key of the others, and each plural key every form its language's Intl.PluralRules
 *   names (so "1 order" / "3 orders" reads right in each language);
 * - every key the code names exists;
 * - no user-visible English literal in JSX (text, or a string in an attribute a person sees or hears) outside the
 *   catalogs, except in the folders listed in NOT_YET_IN_CATALOGS.
 */
const ROOT = join(__dirname, '..', '..');
const WEB_SRC = join(ROOT, 'web', 'src');
const LOCALES = join(WEB_SRC, 'i18n', 'locales');
const LANGUAGES = readdirSync(LOCALES).filter((f) => statSync(join(LOCALES, f)).isDirectory());

/**
 * Pages whose words are still English literals (issue 33: the shell, the sign-in pages, the member's and the ticket
 * manager's pages came first). A folder leaves this list when it is converted; none may join it.
 */
const NOT_YET_IN_CATALOGS = [
  'pages/shared/OrderManagerTools.tsx',
  'pages/partner/',
  'pages/shared-events/',
  'pages/treasurer/',
  'ui/EventRows.tsx',
  'ui/BarChart.tsx',
];

/** Attributes a person reads or hears; a literal there must come from a catalog. */
const VISIBLE_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'title',
  'placeholder',
  'alt',
  'label',
  'legend',
  'caption',
  'what',
  'description',
  'summary',
]);

const hasWords = (text: string) => /\p{L}{2,}/u.test(text);

type Catalog = { [key: string]: string | Catalog };
const flatten = (catalog: Catalog, prefix = ''): string[] =>
  Object.entries(catalog).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`),
  );
/** A language's catalog is one file per area (locales/<language>/<area>.json); each area owns its top-level keys. */
const catalogParts = (language: string) =>
  readdirSync(join(LOCALES, language))
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({
      area: f.replace(/\.json$/, ''),
      catalog: JSON.parse(readFileSync(join(LOCALES, language, f), 'utf8')) as Catalog,
    }));
const catalogs = Object.fromEntries(
  LANGUAGES.map((language) => [language, catalogParts(language).flatMap(({ catalog }) => flatten(catalog))]),
);
const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKeys = (keys: string[]) => new Set(keys.map((k) => k.replace(PLURAL, '')));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}
const files = sources(WEB_SRC).map((path) => ({
  path,
  rel: relative(WEB_SRC, path).split('\\').join('/'),
  source: ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX),
}));

function walk(node: ts.Node, visit: (node: ts.Node) => void) {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

/** The user-visible literals of one file: JSX text, literal children, literal visible attributes. */
export function visibleLiterals(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const where = (node: ts.Node) => `line ${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  walk(source, (node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) found.push(`${where(node)}: ${node.text.trim()}`);
    if (ts.isJsxExpression(node) && node.expression && ts.isJsxElement(node.parent)) {
      const e = node.expression;
      if ((ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) && hasWords(e.text))
        found.push(`${where(node)}: {'${e.text}'}`);
    }
    if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(source)) && node.initializer) {
      const init = node.initializer;
      const literal = ts.isStringLiteral(init)
        ? init
        : ts.isJsxExpression(init) && init.expression && ts.isStringLiteral(init.expression)
          ? init.expression
          : undefined;
      if (literal && hasWords(literal.text))
        found.push(`${where(node)}: ${node.name.getText(source)}="${literal.text}"`);
    }
  });
  return found;
}

describe('the message catalogs', () => {
  it('are there for English, German and Finnish', () => {
    expect(LANGUAGES.sort()).toEqual(['de', 'en', 'fi']);
  });

  it('give each top-level key to one area file only, the same file in every language', () => {
    const owners = LANGUAGES.map((language) =>
      catalogParts(language).flatMap(({ area, catalog }) => Object.keys(catalog).map((key) => `${key} → ${area}`)),
    );
    for (const owned of owners) {
      const keys = owned.map((entry) => entry.split(' → ')[0]);
      expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
      expect([...owned].sort()).toEqual([...owners[0]].sort());
    }
  });

  it('hold the same keys in every language', () => {
    const english = baseKeys(catalogs.en);
    const differences = LANGUAGES.flatMap((language) => {
      const keys = baseKeys(catalogs[language]);
      return [
        ...[...english].filter((k) => !keys.has(k)).map((k) => `${language} lacks ${k}`),
        ...[...keys].filter((k) => !english.has(k)).map((k) => `${language} has ${k}, English does not`),
      ];
    });
    expect(differences).toEqual([]);
  });

  it("give each plural key every form its language's plural rules name", () => {
    const missing = LANGUAGES.flatMap((language) => {
      const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const keys = new Set(catalogs[language]);
      const plurals = new Set(
        LANGUAGES.flatMap((l) => catalogs[l])
          .filter((k) => PLURAL.test(k))
          .map((k) => k.replace(PLURAL, '')),
      );
      return [...plurals].flatMap((base) =>
        forms.filter((form) => !keys.has(`${base}_${form}`)).map((form) => `${language}: ${base}_${form}`),
      );
    });
    expect(missing).toEqual([]);
  });

  it('hold every key the code names', () => {
    const known = baseKeys(catalogs.en);
    const namespaces = new Set([...known].map((k) => k.split('.')[0]));
    const unknown = files.flatMap(({ rel, source }) => {
      const names: string[] = [];
      walk(source, (node) => {
        if (!ts.isStringLiteral(node) && !ts.isNoSubstitutionTemplateLiteral(node)) return;
        if (ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent)) return; // a module name
        const text = node.text;
        // A catalog key: dotted words whose first word is one of the catalogs' namespaces.
        if (/^[a-z][a-zA-Z]*(\.[a-zA-Z0-9]+)+$/.test(text) && namespaces.has(text.split('.')[0]) && !known.has(text))
          names.push(`${rel}: ${text}`);
      });
      return names;
    });
    expect(unknown).toEqual([]);
  });

  it('hold every user-visible word of the converted client (no literal in JSX)', () => {
    const literals = files
      .filter(({ rel }) => rel.endsWith('.tsx') && !NOT_YET_IN_CATALOGS.some((p) => rel.startsWith(p)))
      .flatMap(({ rel, source }) => visibleLiterals(source).map((l) => `${rel} ${l}`));
    expect(literals).toEqual([]);
  });

  it('fail on a literal (the check itself can fail)', () => {
    const sample = ts.createSourceFile(
      'sample.tsx',
      `const A = () => <p title="Hello there">Send request {'More words'}<b aria-label={"x y"}>{t('a.b')}</b></p>;`,
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TSX,
    );
    expect(visibleLiterals(sample)).toHaveLength(3);
  });
});
