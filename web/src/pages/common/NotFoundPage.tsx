import { useTranslation } from 'react-i18next';
import { Link } from '../../ui/router';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('notFound.title')}</h1>
      <p>
        {t('notFound.text')} <Link to="/">{t('notFound.home')}</Link>
      </p>
    </>
  );
}
