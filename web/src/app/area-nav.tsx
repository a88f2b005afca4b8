import { NavLink } from 'react-router';
import { useAccess } from '../data/access';

import { useDelegatedEvents } from '../pages/partner/queries';

type Access = ReturnType<typeof useAccess> & { sellsForOthers: boolean };
/** A link, optionally shown only when its own test passes (e.g. no events of its own in a sellingPartner org). */
type Link = readonly [to: string, label: string, show?: (a: Access) => boolean];
const fullOrganization = (a: Access) => !a.sellingPartner;

/**
 * The navigation of the areas beyond member and ticket manager, one list per person. A list shows only when the caller's role, super-admin flag and
 * organization mode allow its pages (a sellingPartner organization has no events of its own to report on).
 * Without an organization (a super admin who belongs to none) only the areas that need none show.
 */
const AREAS: { label: string; show: (a: Access) => boolean; links: Link[]; withoutOrganization?: true }[] = [
  {
    label: 'Treasurer',
    show: (a) => a.at('treasurer') && !a.sellingPartner,
    links: [
      ['/treasurer', 'Dashboard'],
      ['/treasurer/reports', 'Reports'],
    ],
  },
  {
    label: 'Admin',
    show: (a) => a.at('admin'),
    links: [
      ['/admin', 'Events', fullOrganization],
      ['/admin/commitment', 'Commitment and allocations', fullOrganization],
      ['/admin/members', 'Members and invitations'],
      ['/admin/archive', 'Archive', fullOrganization],
      ['/admin/delegations', 'Partner sales', fullOrganization],
    ],
  },
  {
    label: 'Shared Events',
    // Any ticket manager+ of a full organization (participants' reports); admins answer invitations there.
    show: (a) => (a.at('ticketManager') && !a.sellingPartner) || a.isSuperAdmin,
    links: [['/shared-events', 'Shared Events']],
  },
  {
    label: 'Super admin',
    show: (a) => a.isSuperAdmin,
    withoutOrganization: true, // its pages ask about every organization, none in particular
    links: [
      ['/super/organizations', 'Organizations'],
      ['/super/users', 'Users'],
      ['/super/impersonation', 'Impersonation audit'],
    ],
  },
  {
    label: 'Partner',
    show: (a) => a.sellingPartner || a.sellsForOthers,
    links: [['/partner', 'Selling for partners']],
  },
];

export function AreaNav() {
  const access = useAccess();
  const delegated = useDelegatedEvents();
  const all = { ...access, sellsForOthers: (delegated.data?.items ?? []).some((e) => e.status === 'active') };
  return (
    <>
      {AREAS.filter((area) => area.show(all) && (all.role || area.withoutOrganization)).map((area) => (
        <nav key={area.label} aria-label={area.label} className="area">
          <ul data-area={area.label}>
            {area.links
              .filter(([, , show]) => !show || show(all))
              .map(([to, label]) => (
                <li key={to}>
                  <NavLink to={to} end>
                    {label}
                  </NavLink>
                </li>
              ))}
          </ul>
        </nav>
      ))}
    </>
  );
}
