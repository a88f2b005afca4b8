import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { Empty } from './feedback';

/** A captioned data table that scrolls sideways on a phone rather than overflowing the page. */
export function Table({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <Empty>{t('table.nothingYet', { caption })}</Empty>;
  return (
    // Focusable and named: a keyboard user can scroll a wide table sideways on a phone.
    <div className="table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map((cell, j) => (
                <td key={j}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
