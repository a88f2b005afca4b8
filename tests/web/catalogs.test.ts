import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * The client's words live in the message catalogs (web/src/i18n/locales/<language>.json,
 * docs/decisions/web-client.md, "Languages"):
 * - every catalog has every key of the others, and each plural key every form its language's Intl.PluralRules
 *   names (so "1 order" / "3 orders" reads right in each language);
 * - every key the code names exists;
 * - no user-visible English literal outside the catalogs (JSX text, a string or template literal in an attribute or
 *   prop a person sees or hears, either branch of a condition, a browser dialog, an Error, a component's callback, a
 *   table of words; see visibleLiterals), in .tsx and .ts files alike, except in the folders listed in
 *   NOT_YET_IN_CATALOGS.
 */
const ROOT = join(__dirname, '..', '..');
const WEB_SRC = join(ROOT, 'web', 'src');
const LOCALES = join(WEB_SRC, 'i18n', 'locales');
const LANGUAGES = readdirSync(LOCALES).filter((f) => statSync(join(LOCALES, f)).isDirectory());

/**
 * Pages whose words are still English literals (issue 33: the shell, the sign-in pages, the member's and the ticket
 * manager's pages came first). A folder leaves this list when it is converted; none may join it.
 */
const NOT_YET_IN_CATALOGS: string[] = [];

/**
 * Attributes a person reads or hears, including the props of our own components that end up on the screen (a
 * Table's `head` and `rows`, EventRows' `prefix`, a notice's `message`); a literal there must come from a catalog.
 */
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
  'head',
  'rows',
  'prefix',
  'message',
  'notice',
  'heading',
  'consequence',
  'reason',
]);

/**
 * Calls whose argument the person reads: the browser's own dialogs, an Error (its message reaches the error box
 * through plainMessage), and a component's callback (`onDone('Saved.')`) that the page shows.
 */
const DIALOG_CALLS = new Set(['confirm', 'alert', 'prompt']);
const readsArguments = (name: string) => DIALOG_CALLS.has(name) || name === 'Error' || /^on[A-Z]/.test(name);
/** A sentence, as a function returning plain words has it: two words, then a capital start or a full stop. */
const isSentence = (text: string) => /\p{L}{2,}\s+\p{L}{2,}/u.test(text) && /^\p{Lu}|[.?!:]\s*$/u.test(text.trim());

const hasWords = (text: string) => /\p{L}{2,}/u.test(text);
const CATALOG_KEY = /^[a-z][a-zA-Z]*(\.[a-zA-Z0-9]+)+$/;
/**
 * Words a person reads: letters, other than a catalog key ("nav.area.admin") or codes the same in every language
 * (an all-capitals "HTTP", "EUR").
 */
const isProse = (text: string) => !CATALOG_KEY.test(text) && hasWords(text.replace(/\b\p{Lu}{2,}\b/gu, ''));

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
  source: ts.createSourceFile(
    path,
    readFileSync(path, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  ),
}));

function walk(node: ts.Node, visit: (node: ts.Node) => void) {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
}

/**
 * The words a visible expression can show: a string or template literal, either branch of a condition, the text
 * after `&&` and both sides of `+`, `||` and `??`, the elements of an array (a table's head), and what a `.map`
 * callback returns (a table's rows). A call (`t('key')`, `formatMoney(x)`) or a JSX element is not descended into:
 * its words are the catalog's, or the JSX walk finds them.
 */
function wordsIn(expression: ts.Expression | undefined, found: (node: ts.Node, text: string) => void): void {
  if (!expression) return;
  const e = expression;
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) {
    if (isProse(e.text)) found(e, e.text);
  } else if (ts.isTemplateExpression(e)) {
    const text = [e.head.text, ...e.templateSpans.map((span) => span.literal.text)].join('…');
    if (isProse(text)) found(e, text);
    e.templateSpans.forEach((span) => wordsIn(span.expression, found));
  } else if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e)) {
    wordsIn(e.expression, found);
  } else if (ts.isConditionalExpression(e)) {
    wordsIn(e.whenTrue, found);
    wordsIn(e.whenFalse, found);
  } else if (ts.isBinaryExpression(e)) {
    const op = e.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) wordsIn(e.right, found);
    if ([ts.SyntaxKind.PlusToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(op)) {
      wordsIn(e.left, found);
      wordsIn(e.right, found);
    }
  } else if (ts.isArrayLiteralExpression(e)) {
    e.elements.forEach((element) => wordsIn(ts.isSpreadElement(element) ? element.expression : element, found));
  } else if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression)) {
    const method = e.expression.name.text;
    if (method === 'map' || method === 'flatMap') {
      const callback = e.arguments[0];
      if (callback && (ts.isArrowFunction(callback) || ts.isFunctionExpression(callback))) {
        if (ts.isBlock(callback.body))
          walk(callback.body, (node) => ts.isReturnStatement(node) && wordsIn(node.expression, found));
        else wordsIn(callback.body, found);
      }
    }
  }
}

const calleeName = (call: ts.CallExpression | ts.NewExpression) =>
  ts.isIdentifier(call.expression)
    ? call.expression.text
    : ts.isPropertyAccessExpression(call.expression)
      ? call.expression.name.text
      : '';

/** A table of words: an object literal whose values are all string literals and read as words ("Open for sales"). */
function isWordTable(node: ts.ObjectLiteralExpression) {
  const values = node.properties.map((p) => (ts.isPropertyAssignment(p) ? p.initializer : undefined));
  if (values.length < 2 || !values.every((v) => v && ts.isStringLiteral(v))) return false;
  return (values as ts.StringLiteral[]).some((v) => isProse(v.text) && /^\p{Lu}|\s/u.test(v.text));
}

/**
 * The user-visible literals of one file: JSX text; literal words in a JSX child expression, in a visible attribute
 * or prop (VISIBLE_ATTRIBUTES), in a property of that name (`{ message: '…' }`, `label:` of a table of moves), or
 * in a browser dialog (`window.confirm('…')`), template literals and both branches of a condition included; and
 * tables of words (`{ pending: 'Waiting for approval', … }`).
 */
export function visibleLiterals(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const where = (node: ts.Node) => `line ${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const report = (node: ts.Node, text: string) => found.push(`${where(node)}: ${text.trim()}`);
  walk(source, (node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) report(node, node.text);
    if (ts.isJsxExpression(node) && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent)))
      wordsIn(node.expression, (n, text) => report(n, `{'${text}'}`));
    if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(source)) && node.initializer) {
      const name = node.name.getText(source);
      const init = node.initializer;
      if (ts.isStringLiteral(init)) {
        if (isProse(init.text)) report(node, `${name}="${init.text}"`);
      } else if (ts.isJsxExpression(init)) wordsIn(init.expression, (n, text) => report(n, `${name}={'${text}'}`));
    }
    if (ts.isPropertyAssignment(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(source)))
      wordsIn(node.initializer, (n, text) => report(n, `${node.name.getText(source)}: '${text}'`));
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && readsArguments(calleeName(node)))
      node.arguments?.forEach((arg) => wordsIn(arg, (n, text) => report(n, `${calleeName(node)}('${text}')`)));
    // A function that returns plain words ("That organization is a selling partner: …").
    if (ts.isReturnStatement(node))
      wordsIn(node.expression, (n, text) => isSentence(text) && report(n, `return '${text}'`));
    if (ts.isObjectLiteralExpression(node) && isWordTable(node)) report(node, 'a table of words');
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
      .filter(({ rel }) => !rel.startsWith('i18n/') && !NOT_YET_IN_CATALOGS.some((p) => rel.startsWith(p)))
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

  it('fail on the literals that hide in expressions, helper props, dialogs, callbacks and tables of words', () => {
    const sample = ts.createSourceFile(
      'sample.tsx',
      `
      const STEPS = { approve: 'Approve', deliver: 'Mark delivered' };
      const KINDS = { pending: 'pending', open: 'open' };
      function refusal() { return 'That organization is a selling partner.'; }
      function kind() { return 'pending'; }
      const LINKS = [{ label: 'nav.area.admin' }];
      const A = ({ n, name, ok }) => (
        <div aria-label={\`Remove \${name}\`} className="notice error">
          {n > 1 ? 'Many orders' : 'One order'}
          <Table caption={t('x.y')} head={['When', t('a.b')]} rows={list.map((o) => [o.name, 'Organizer'])} />
          <Rows prefix="Shared showtime" />
          <button onClick={() => window.confirm(\`Leave \${name}?\`) && onDone({ message: 'Left it.' })} />
          {ok && ' A change of policy is in progress.'}
          {' · '}{'HTTP'}{t('a.b', { name })}
        </div>
      );
      function save() {
        onDone(\`\${name}'s order was saved.\`);
        throw new Error('Could not read the answer');
      }
      `,
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TSX,
    );
    const found = visibleLiterals(sample);
    expect(found.map((f) => f.replace(/^line \d+: /, ''))).toEqual([
      'a table of words',
      "return 'That organization is a selling partner.'",
      "aria-label={'Remove …'}",
      "{'Many orders'}",
      "{'One order'}",
      "head={'When'}",
      "rows={'Organizer'}",
      'prefix="Shared showtime"',
      "confirm('Leave …?')",
      "message: 'Left it.'",
      "{' A change of policy is in progress.'}",
      "onDone('…'s order was saved.')",
      "Error('Could not read the answer')",
    ]);
  });
});
