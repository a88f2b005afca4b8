import { useState } from 'react';
import { http, unwrap } from '../../api/instance';
import { useAction } from '../../data/queries';
import { ErrorNotice } from '../../ui/feedback';

/** Import members from CSV (email,name,role): users are created when new; each refused line says why. */
export function MembersImport() {
  const [csv, setCsv] = useState('');
  const run = useAction((_: void, id) =>
    unwrap(
      http.POST('/api/organizations/{id}/members/import', {
        params: { path: { id } },
        body: csv,
        bodySerializer: (body: unknown) => body as string,
        headers: { 'content-type': 'text/csv' },
      }),
    ),
  );
  return (
    <section aria-labelledby="members-import-title">
      <h2 id="members-import-title">Import members from CSV</h2>
      <label>
        CSV file
        <input type="file" accept=".csv,text/csv" onChange={(e) => void e.target.files?.[0]?.text().then(setCsv)} />
      </label>
      <label>
        Or paste the lines (email,name,role)
        <textarea rows={4} value={csv} onChange={(e) => setCsv(e.target.value)} />
      </label>
      <button type="button" disabled={!csv.trim() || run.isPending} onClick={() => run.mutate()}>
        Import members
      </button>
      {run.data && (
        <div role="status" className={run.data.errors.length ? 'notice' : 'notice success'}>
          {run.data.created} created, {run.data.updated} updated, {run.data.skipped} skipped.
          {run.data.errors.length > 0 && (
            <ul aria-label="Lines not imported">
              {run.data.errors.map((e) => (
                <li key={e.line}>
                  Line {e.line}: {e.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <ErrorNotice error={run.error} title="Nothing was imported" />
    </section>
  );
}
