import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A payment detail shown as text a person can select, with a button that copies it (when the browser lets it). */
export function CopyableValue({
  label,
  value,
  shown,
  id,
}: {
  label: string;
  value: string;
  shown?: string;
  id: string;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard
      ?.writeText(value)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  };
  return (
    <div className="copyable">
      <dt id={`${id}-label`}>{label}</dt>
      <dd>
        <output aria-labelledby={`${id}-label`} data-testid={id} data-value={value}>
          {shown ?? value}
        </output>{' '}
        <button type="button" className="secondary small" onClick={copy} aria-describedby={`${id}-label`}>
          {copied ? t('invoices.copied') : t('invoices.copy')}
        </button>
      </dd>
    </div>
  );
}
