import { Link, useNavigate } from 'react-router';
import { chooseOrganization } from '../../api/session';
import { queryClient } from '../../data/query-client';
import { useMe } from '../../data/session-hooks';
import { Empty, QueryView } from '../../ui/feedback';
import { ROLE_LABEL } from '../../ui/format';

/** The organization picker: the caller's memberships from /api/auth/me (one call). */
export default function OrganizationPage() {
  const me = useMe();
  const navigate = useNavigate();
  const open = (organizationId: string) => {
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
    chooseOrganization(organizationId);
    void navigate('/');
  };
  return (
    <main id="main" className="page narrow">
      <h1>Your organizations</h1>
      <QueryView query={me} what="Loading your organizations">
        {(data) => {
          const approved = data.memberships.filter((m) => m.approved);
          const waiting = data.memberships.filter((m) => !m.approved);
          return (
            <>
              {approved.length === 0 && (
                <Empty>You are not a member of any organization yet. Open an invitation link to join one.</Empty>
              )}
              {data.user.isSuperAdmin && (
                <p>
                  {/* The super-admin pages need no organization (docs/decisions/web-client-part2.md). */}
                  <Link to="/super/organizations">Super admin: all organizations</Link>
                </p>
              )}
              <ul className="cards">
                {approved.map((m) => (
                  <li key={m.organizationId} className="card">
                    <button type="button" onClick={() => open(m.organizationId)}>
                      {m.organizationName}
                    </button>{' '}
                    <span className="meta">{ROLE_LABEL[m.role]}</span>
                  </li>
                ))}
              </ul>
              {waiting.length > 0 && (
                <>
                  <h2>Waiting for approval</h2>
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
