import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '../../ui/router';
import { chooseOrganization } from '../../api/session';
import { queryClient } from '../../data/query-client';
import { useMe } from '../../data/session-hooks';
import { Empty, QueryView } from '../../ui/feedback';
import { roleLabel } from '../../ui/format';

/** The organization picker: the caller's memberships from /api/auth/me (one call). */
export default function OrganizationPage() {
  const { t } = useTranslation();
  const me = useMe();
  const navigate = useNavigate();
  const open = (organizationId: string) => {
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    chooseOrganization(organizationId);
    void navigate('/');
  };
  return (
    <main id="main" className="page narrow">
      <h1>{t('organizations.title')}</h1>
      <QueryView query={me} what={t('organizations.loading')}>
        {(data) => {
          const approved = data.memberships.filter((m) => m.approved);
          const waiting = data.memberships.filter((m) => !m.approved);
          return (
            <>
              {approved.length === 0 && <Empty>{t('organizations.none')}</Empty>}
              {data.user.isSuperAdmin && (
                <p>
                  {/* The super-admin pages need no organization (docs/decisions/web-client-part2.md, "No organization"). */}
                  <Link to="/super/organizations">{t('organizations.superAdmin')}</Link>
                </p>
              )}
              <ul className="cards">
                {approved.map((m) => (
                  <li key={m.organizationId} className="card">
                    <button type="button" onClick={() => open(m.organizationId)}>
                      {m.organizationName}
                    </button>{' '}
                    <span className="meta">{roleLabel(m.role)}</span>
                  </li>
                ))}
              </ul>
              {waiting.length > 0 && (
                <>
                  <h2>{t('organizations.waiting')}</h2>
                  <ul>
                    {waiting.map((m) => (
                      <li key={m.organizationId}>{m.organizationName}</li>
                    ))}
                  </ul>
                </>
              )}
            </>
          );
        }}
      </QueryView>
    </main>
  );
}
