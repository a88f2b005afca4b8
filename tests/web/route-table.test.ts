import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contractRoutes, ROOT, webCalls } from '../helpers/web-route-calls';

/**
 * docs/decisions/web-client-back-office.md, "Every route": each route of the contract has a row naming the client files
 * that call it, or the reason no page does (issue 27's bar). The table is held to the code so that it cannot drift:
 * a new route without a row, files that no longer call their route, or a reason for a route the client calls fail.
 */
const doc = readFileSync(join(ROOT, 'docs', 'decisions', 'web-client-back-office.md'), 'utf8');
const section = doc.slice(doc.indexOf('## Every route'));
const rows = section
  .split('\n')
  .map((line) => /^\|\s*(GET|POST|PUT|PATCH|DELETE)\s*\|\s*`([^`]+)`\s*\|(.*)\|\s*$/.exec(line))
  .filter((m): m is RegExpExecArray => m !== null)
  .map(([, method, path, where]) => ({ route: `${method} ${path}`, where: where.trim() }));
const reasonless = (where: string) => !/^(Not offered|Machine):/.test(where);
const filesOf = (where: string) => [...where.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

describe('the route table of the web client', () => {
  it('lists every route of openapi.json once, and nothing else', () => {
    const listed = rows.map((r) => r.route);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(
      contractRoutes()
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    );
  });

  it('names exactly the files that call each route, and gives reasons only where none does', () => {
    const calls = webCalls();
    const wrong = rows.flatMap(({ route, where }) => {
      const callers = (calls.get(route) ?? []).map((f) => f.replace(/^pages\//, '')).sort();
      if (!reasonless(where))
        return callers.length ? [`${route}: a reason is given, but ${callers.join(', ')} call it`] : [];
      const named = filesOf(where).sort();
      return JSON.stringify(named) === JSON.stringify(callers)
        ? []
        : [`${route}: names ${named.join(', ')}, called by ${callers.join(', ') || 'none'}`];
    });
    expect(wrong).toEqual([]);
  });

  it('states the counts the table holds', () => {
    const machine = rows.filter((r) => r.where.startsWith('Machine:')).length;
    const notOffered = rows.filter((r) => r.where.startsWith('Not offered:')).length;
    const count =
      /\*\*Count\.\*\* (\d+) routes: (\d+) are for machines[^]*?so (\d+) are a person's\. (\d+) of those have a page or an action; (\d+) have none/.exec(
        section.replace(/\s+/g, ' '),
      );
    expect(count?.slice(1).map(Number)).toEqual([
      rows.length,
      machine,
      rows.length - machine,
      rows.length - machine - notOffered,
      notOffered,
    ]);
  });
});
