/**
 * A small parser for OUR Bicep files (no Bicep CLI on the build machines). It understands the top-level
 * statements (param, var, resource, module, output, func, targetScope), decorators, and literal values (objects,
 * arrays, strings, numbers, booleans, null, function calls and for-expressions). Any other expression is kept as its
 * source text, so a test can still look at it. It is not a Bicep compiler: it does not type-check, resolve symbols
 * or evaluate expressions, and it throws on syntax it does not know rather than guessing.
 */

export type BicepValue =
  | { kind: 'object'; entries: Record<string, BicepValue> }
  | { kind: 'array'; items: BicepValue[] }
  | { kind: 'string'; value: string; interpolated: boolean }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'null' }
  | { kind: 'call'; name: string; args: BicepValue[]; text: string }
  | { kind: 'for'; iterable: string; variable: string; body: BicepValue; text: string }
  | { kind: 'expr'; text: string };

export interface Decorator {
  name: string;
  args: string;
}

export interface BicepParam {
  name: string;
  type: string;
  decorators: Decorator[];
  defaultValue?: BicepValue;
}

export interface BicepResource {
  symbol: string;
  type: string;
  apiVersion: string;
  existing: boolean;
  condition?: string;
  value: BicepValue;
}

export interface BicepModule {
  symbol: string;
  path: string;
  condition?: string;
  value: BicepValue;
}

export interface BicepFile {
  /** `targetScope = '...'` (Bicep's default is resourceGroup). */
  targetScope: string;
  params: BicepParam[];
  vars: Record<string, BicepValue>;
  resources: BicepResource[];
  modules: BicepModule[];
  outputs: { name: string; type: string; decorators: Decorator[]; value: BicepValue }[];
}

type TokenKind = 'ident' | 'string' | 'number' | 'punct' | 'newline';
interface Token {
  kind: TokenKind;
  text: string;
  value?: string;
  interpolated?: boolean;
  start: number;
  end: number;
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    const start = i;
    if (ch === '\n') {
      tokens.push({ kind: 'newline', text: '\n', start, end: ++i });
    } else if (/\s/.test(ch)) {
      i++;
    } else if (source.startsWith('//', i) || (ch === '#' && /^#disable-/.test(source.slice(i, i + 9)))) {
      // Comments, and linter directives (`#disable-next-line rule`), which do not change the template.
      while (i < source.length && source[i] !== '\n') i++;
    } else if (source.startsWith('/*', i)) {
      const close = source.indexOf('*/', i + 2);
      if (close < 0) throw new Error(`Unterminated comment at ${start}`);
      i = close + 2;
    } else if (source.startsWith("'''", i)) {
      const close = source.indexOf("'''", i + 3);
      if (close < 0) throw new Error(`Unterminated multi-line string at ${start}`);
      i = close + 3;
      tokens.push({
        kind: 'string',
        text: source.slice(start, i),
        value: source.slice(start + 3, close),
        start,
        end: i,
      });
    } else if (ch === "'") {
      const { end, value, interpolated } = readString(source, i);
      i = end;
      tokens.push({ kind: 'string', text: source.slice(start, i), value, interpolated, start, end: i });
    } else if (/[0-9]/.test(ch)) {
      while (i < source.length && /[0-9.]/.test(source[i])) i++;
      tokens.push({ kind: 'number', text: source.slice(start, i), start, end: i });
    } else if (/[A-Za-z_]/.test(ch)) {
      while (i < source.length && /[A-Za-z0-9_]/.test(source[i])) i++;
      tokens.push({ kind: 'ident', text: source.slice(start, i), start, end: i });
    } else {
      const two = source.slice(i, i + 2);
      const text = ['==', '!=', '<=', '>=', '&&', '||', '??', '=>', '.?'].includes(two) ? two : ch;
      i += text.length;
      tokens.push({ kind: 'punct', text, start, end: i });
    }
  }
  return tokens;
}

/** A single-quoted string with `\'` escapes and `${...}` interpolations (which may hold strings and braces). */
function readString(source: string, from: number): { end: number; value: string; interpolated: boolean } {
  let i = from + 1;
  let value = '';
  let interpolated = false;
  while (i < source.length) {
    const ch = source[i];
    if (ch === '\\') {
      value += source[i + 1];
      i += 2;
    } else if (ch === "'") {
      return { end: i + 1, value, interpolated };
    } else if (source.startsWith('${', i)) {
      interpolated = true;
      let depth = 0;
      const open = i;
      for (; i < source.length; i++) {
        if (source[i] === "'" && i > open) i = readString(source, i).end - 1;
        else if (source[i] === '{') depth++;
        else if (source[i] === '}' && --depth === 0) break;
      }
      value += source.slice(open, ++i);
    } else {
      value += ch;
      i++;
    }
  }
  throw new Error(`Unterminated string at ${from}`);
}

const OPENERS: Record<string, string> = { '{': '}', '[': ']', '(': ')' };

class Parser {
  private pos = 0;
  constructor(
    private readonly source: string,
    private readonly tokens: Token[],
  ) {}

  parseFile(): BicepFile {
    const file: BicepFile = {
      targetScope: 'resourceGroup',
      params: [],
      vars: {},
      resources: [],
      modules: [],
      outputs: [],
    };
    let decorators: Decorator[] = [];
    for (this.skipNewlines(); !this.done(); this.skipNewlines()) {
      if (this.peek().text === '@') {
        decorators.push(this.decorator());
        continue;
      }
      const keyword = this.expect('ident').text;
      switch (keyword) {
        case 'param': {
          const name = this.expect('ident').text;
          const type = this.typeText();
          const defaultValue = this.accept('=') ? this.value() : undefined;
          file.params.push({ name, type, decorators, defaultValue });
          break;
        }
        case 'var': {
          const name = this.expect('ident').text;
          this.expectPunct('=');
          file.vars[name] = this.value();
          break;
        }
        case 'resource': {
          const symbol = this.expect('ident').text;
          const [type, apiVersion] = this.expect('string').value!.split('@');
          const existing = this.peek().text === 'existing' && Boolean(this.next());
          this.expectPunct('=');
          const condition = this.condition();
          file.resources.push({ symbol, type, apiVersion, existing, condition, value: this.value() });
          break;
        }
        case 'module': {
          const symbol = this.expect('ident').text;
          const path = this.expect('string').value!;
          this.expectPunct('=');
          const condition = this.condition();
          file.modules.push({ symbol, path, condition, value: this.value() });
          break;
        }
        case 'output': {
          const name = this.expect('ident').text;
          const type = this.typeText();
          this.expectPunct('=');
          file.outputs.push({ name, type, decorators, value: this.value() });
          break;
        }
        case 'targetScope': {
          this.expectPunct('=');
          file.targetScope = this.expect('string').value!;
          break;
        }
        case 'func':
        case 'metadata':
        case 'import':
        case 'type':
          this.restOfStatement();
          break;
        default:
          throw new Error(`Unknown statement '${keyword}' at ${this.peek().start}`);
      }
      decorators = [];
    }
    return file;
  }

  private decorator(): Decorator {
    this.expectPunct('@');
    const name = this.expect('ident').text;
    let args = '';
    if (this.peek().text === '(') {
      const open = this.next();
      const close = this.skipBalanced(open);
      args = this.source.slice(open.end, close.start).trim();
    }
    return { name, args };
  }

  /** `if (...)` before a resource or module body. */
  private condition(): string | undefined {
    if (this.peek().text !== 'if') return undefined;
    this.next();
    const open = this.expectPunct('(');
    const close = this.skipBalanced(open);
    return this.source.slice(open.end, close.start).trim();
  }

  private typeText(): string {
    const start = this.peek().start;
    while (!this.done() && !['=', '\n'].includes(this.peek().text)) this.next();
    return this.source.slice(start, this.tokens[this.pos - 1].end).trim();
  }

  private restOfStatement(): void {
    this.rawUntilTerminator();
  }

  value(): BicepValue {
    const token = this.peek();
    const mark = this.pos;
    let literal: BicepValue | undefined;
    if (token.text === '{') literal = this.object();
    else if (token.text === '[') literal = this.arrayOrFor();
    else if (token.kind === 'string') {
      this.next();
      literal = { kind: 'string', value: token.value!, interpolated: Boolean(token.interpolated) };
    } else if (token.kind === 'number' || (token.text === '-' && this.peek(1).kind === 'number')) {
      const start = token.start;
      if (token.text === '-') this.next();
      literal = { kind: 'number', value: Number(this.source.slice(start, this.next().end)) };
    } else if (token.text === 'true' || token.text === 'false') {
      this.next();
      literal = { kind: 'boolean', value: token.text === 'true' };
    } else if (token.text === 'null') {
      this.next();
      literal = { kind: 'null' };
    } else if (token.kind === 'ident' && this.peek(1).text === '(') literal = this.call();
    // A literal followed by more expression (`'a' == b`, `f(x).y`) is an expression after all.
    if (literal && this.atTerminator()) return literal;
    this.pos = mark;
    return { kind: 'expr', text: this.rawUntilTerminator() };
  }

  private call(): BicepValue {
    const name = this.next();
    this.expectPunct('(');
    const args: BicepValue[] = [];
    for (this.skipNewlines(); !this.accept(')'); this.skipNewlines()) {
      args.push(this.value());
      this.skipNewlines();
      this.accept(',');
    }
    return { kind: 'call', name: name.text, args, text: this.source.slice(name.start, this.tokens[this.pos - 1].end) };
  }

  private object(): BicepValue {
    this.expectPunct('{');
    const entries: Record<string, BicepValue> = {};
    for (this.skipSeparators(); !this.accept('}'); this.skipSeparators()) {
      const key = this.next();
      if (key.kind !== 'ident' && key.kind !== 'string') throw new Error(`Bad object key at ${key.start}`);
      this.expectPunct(':');
      entries[key.kind === 'string' ? key.value! : key.text] = this.value();
    }
    return { kind: 'object', entries };
  }

  private arrayOrFor(): BicepValue {
    const open = this.expectPunct('[');
    this.skipNewlines();
    if (this.peek().text === 'for') {
      this.next();
      const variable = this.expect('ident').text;
      if (this.expect('ident').text !== 'in') throw new Error(`Expected 'in' at ${this.peek().start}`);
      const iterableStart = this.peek().start;
      while (this.peek().text !== ':') this.next();
      const iterable = this.source.slice(iterableStart, this.tokens[this.pos - 1].end).trim();
      this.expectPunct(':');
      this.skipNewlines();
      const body = this.value();
      this.skipNewlines();
      const close = this.expectPunct(']');
      return { kind: 'for', variable, iterable, body, text: this.source.slice(open.start, close.end) };
    }
    const items: BicepValue[] = [];
    for (this.skipSeparators(); !this.accept(']'); this.skipSeparators()) items.push(this.value());
    return { kind: 'array', items };
  }

  /** Source text up to a newline, comma or closing bracket outside any brackets the expression opened. */
  private rawUntilTerminator(): string {
    const start = this.peek().start;
    let end = start;
    while (!this.atTerminator()) {
      const token = this.next();
      end = OPENERS[token.text] ? this.skipBalanced(token).end : token.end;
    }
    return this.source.slice(start, end).trim();
  }

  private atTerminator(): boolean {
    return this.done() || ['\n', ',', '}', ']', ')'].includes(this.peek().text);
  }

  private skipBalanced(open: Token): Token {
    const close = OPENERS[open.text];
    for (;;) {
      if (this.done()) throw new Error(`Unbalanced '${open.text}' at ${open.start}`);
      const token = this.next();
      if (token.text === close) return token;
      if (OPENERS[token.text]) this.skipBalanced(token);
    }
  }

  private skipNewlines(): void {
    while (!this.done() && this.peek().kind === 'newline') this.pos++;
  }

  private skipSeparators(): void {
    while (!this.done() && (this.peek().kind === 'newline' || this.peek().text === ',')) this.pos++;
  }

  private peek(ahead = 0): Token {
    return (
      this.tokens[this.pos + ahead] ?? { kind: 'newline', text: '', start: this.source.length, end: this.source.length }
    );
  }

  private next(): Token {
    if (this.done()) throw new Error('Unexpected end of file');
    return this.tokens[this.pos++];
  }

  private done(): boolean {
    return this.pos >= this.tokens.length;
  }

  private accept(text: string): boolean {
    if (this.peek().text !== text) return false;
    this.pos++;
    return true;
  }

  private expect(kind: TokenKind): Token {
    const token = this.next();
    if (token.kind !== kind) throw new Error(`Expected ${kind} at ${token.start}, found '${token.text}'`);
    return token;
  }

  private expectPunct(text: string): Token {
    const token = this.next();
    if (token.text !== text) throw new Error(`Expected '${text}' at ${token.start}, found '${token.text}'`);
    return token;
  }
}

export function parseBicep(source: string): BicepFile {
  return new Parser(source, tokenize(source)).parseFile();
}

/** Follow a path of object keys (`get(v, 'properties', 'siteConfig')`); undefined when any step is missing. */
export function get(value: BicepValue | undefined, ...keys: string[]): BicepValue | undefined {
  let current = value;
  for (const key of keys) {
    if (current?.kind !== 'object') return undefined;
    current = current.entries[key];
  }
  return current;
}

/**
 * A literal value as plain data (objects, arrays, strings, numbers, booleans, null). A bare name of a `var` given in
 * `vars` is replaced by that variable's value; any other expression is refused.
 */
export function toPlain(value: BicepValue | undefined, vars: Record<string, BicepValue> = {}): unknown {
  switch (value?.kind) {
    case 'object':
      return Object.fromEntries(Object.entries(value.entries).map(([k, v]) => [k, toPlain(v, vars)]));
    case 'array':
      return value.items.map((item) => toPlain(item, vars));
    case 'string':
    case 'number':
    case 'boolean':
      return value.value;
    case 'null':
      return null;
    case 'expr':
      if (/^[A-Za-z_]\w*$/.test(value.text) && value.text in vars) return toPlain(vars[value.text], vars);
      throw new Error(`Not a literal: ${value.text}`);
    default:
      throw new Error(`Not a literal: ${value ? JSON.stringify(value) : 'undefined'}`);
  }
}
