import { randomUUID } from 'node:crypto';
import { assertResponseContract } from './response-contract';

/**
 * Runs a REST Client file (`api.http`) the way the VS Code extension does, for the subset the file uses: `@name =
 * value` file variables, `###` between requests, `# @name` to name a request, `{{name.response.body.$.path}}`
 * (JSONPath with `.field` and `[index]`) and `{{$guid}}`.
 */
export interface HttpFileStep {
  title: string;
  method: string;
  url: string;
  status: number;
  body: any;
}

interface Block {
  title: string;
  name?: string;
  lines: string[];
}

export function parseHttpFile(text: string): { variables: Record<string, string>; blocks: Block[] } {
  const variables: Record<string, string> = {};
  const blocks: Block[] = [];
  let current: Block | undefined;
  for (const line of text.split('\n')) {
    if (line.startsWith('###')) {
      current = { title: line.slice(3).trim(), lines: [] };
      blocks.push(current);
      continue;
    }
    const variable = /^@(\w+)\s*=\s*(.*)$/.exec(line);
    if (!current && variable) variables[variable[1]] = variable[2].trim();
    const named = /^#\s*@name\s+(\w+)/.exec(line);
    if (current && named) current.name = named[1];
    else if (current && !line.startsWith('#')) current.lines.push(line);
  }
  return { variables, blocks };
}

export async function runHttpFile(
  text: string,
  overrides: Record<string, string>,
  beforeEach: (title: string) => Promise<Record<string, string>> | Record<string, string> = () => ({}),
): Promise<HttpFileStep[]> {
  const { variables, blocks } = parseHttpFile(text);
  Object.assign(variables, overrides);
  const responses: Record<string, any> = {};
  const steps: HttpFileStep[] = [];
  for (const block of blocks) {
    Object.assign(variables, await beforeEach(block.title));
    const fill = (value: string) => value.replace(/\{\{([^}]+)\}\}/g, (_, name: string) => lookup(name.trim()));
    const lookup = (name: string): string => {
      if (name === '$guid') return randomUUID();
      if (name in variables) return fill(variables[name]);
      const reference = /^(\w+)\.response\.body\.\$(.*)$/.exec(name);
      if (!reference || !(reference[1] in responses)) throw new Error(`${block.title}: unknown variable ${name}`);
      return String(jsonPath(responses[reference[1]], reference[2]));
    };
    const lines = block.lines.map(fill);
    const start = lines.findIndex((line) => line.trim() !== '');
    const [method, url] = lines[start].trim().split(/\s+/);
    const blank = lines.findIndex((line, index) => index > start && line.trim() === '');
    const headerLines = lines.slice(start + 1, blank < 0 ? undefined : blank);
    const headers = Object.fromEntries(
      headerLines.map((line) => [line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    const body =
      blank < 0
        ? ''
        : lines
            .slice(blank + 1)
            .join('\n')
            .trim();
    const response = await fetch(url, { method, headers, body: body || undefined });
    const text = await response.text();
    assertResponseContract(method, new URL(url), response.status, response.headers, text);
    const parsed = JSON.parse(text || 'null');
    if (block.name) responses[block.name] = parsed;
    steps.push({ title: block.title, method, url, status: response.status, body: parsed });
  }
  return steps;
}

function jsonPath(value: any, path: string): unknown {
  let node = value;
  for (const [, field, index] of path.matchAll(/\.(\w+)|\[(\d+)\]/g)) node = node?.[field ?? Number(index)];
  if (node === undefined) throw new Error(`nothing at $${path}`);
  return node;
}
