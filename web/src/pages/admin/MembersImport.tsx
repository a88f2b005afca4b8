import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http, unwrap } from '../../api/instance';
import { useAction } from '../../data/queries';
import { ErrorNotice } from '../../ui/feedback';
import { formatNumber } from '../../ui/format';

/** Import members from CSV (email,name,role): users are created when new; each refused line says why. */
export function MembersImport() {
  const [csv, setCsv] = useState('');
  const { t } = useTranslation();
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
      <h2 id="members-import-title">{t('admin.import.title')}</h2>
      <label>
        {t('admin.import.file')}
        <input type="file" accept=".csv,text/csv" onChange={(e) => void e.target.files?.[0]?.text().then(setCsv)} />
      </label>
      <label>
        {t('admin.import.paste')}
        <textarea rows={4} value={csv} onChange={(e) => setCsv(e.target.value)} />
      </label>
      <button type="button" disabled={!csv.trim() || run.isPending} onClick={() => run.mutate()}>
        {t('admin.import.button')}
      </button>
      {run.data && (
        <div role="status" className={run.data.errors.length ? 'notice' : 'notice success'}>
          {t('admin.import.result', {
            created: formatNumber(run.data.created),
            updated: formatNumber(run.data.updated),
            skipped: formatNumber(run.data.skipped),
          })}
          {run.data.errors.length > 0 && (
            <ul aria-label={t('admin.import.refused')}>
              {run.data.errors.map((e) => (
                <li key={e.line}>{t('admin.import.line', { line: e.line, message: e.message })}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <ErrorNotice error={run.error} title={t('admin.import.nothing')} />
    </section>
  );
}
