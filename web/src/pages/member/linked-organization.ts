import { useEffect } from 'react';
import { useLocation, useNavigate } from '../../ui/router';
import { chooseOrganization } from '../../api/session';
import { useMe, useSession } from '../../data/session-hooks';

/**
 * Links from e-mails and notifications name the organization (`?organizationId=…`): a person who belongs to
 * several is switched to it (when they are an approved member there), then the parameter leaves the address so a
 * later switch is not undone.
 */
export function useLinkedOrganization() {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const { organizationId } = useSession();
  const me = useMe();
  const linked = new URLSearchParams(search).get('organizationId');
  useEffect(() => {
    if (!linked || !me.data) return;
    if (linked !== organizationId && me.data.memberships.some((m) => m.organizationId === linked && m.approved))
      chooseOrganization(linked);
    const rest = new URLSearchParams(search);
    rest.delete('organizationId');
    const query = rest.toString();
    void navigate(`${pathname}${query ? `?${query}` : ''}`, { replace: true });
  }, [linked, me.data, organizationId, search, pathname, navigate]);
}
