import { useTranslation } from 'react-i18next';
import { NavLink } from '../ui/router';
import { useAccess } from '../data/access';
import { useOrganization } from '../data/session-hooks';

import { useDelegatedEvents } from '../pages/partner/queries';
import { useDoorLink } from '../pages/door/door-access';

type Access = ReturnType<typeof useAccess> & { sellsForOthers: boolean; door?: boolean };
/** A link (its label a catalog key), optionally shown only when its own test passes (e.g. no events of its own in a sellingPartner org). */
type Link = readonly [to: string, label: string, show?: (a: Access) => boolean];
const fullOrganization = (a: Access) => !a.sellingPartner;

/**
 * The navigation of the areas beyond member and ticket manager, one list per person. A list shows only when the caller's role, super-admin flag and
 * organization mode allow its pages (a sellingPartner organization has no events of its own to report on).
 * Without an organization (a super admin who belongs to none) only the areas that need none show.
 */
const AREAS: { label: string; show: (a: Access) => boolean; links: Link[]; withoutOrganization?: true }[] = [
  { label: 'invoices.navArea', show: (a) => Boolean(a.role), links: [['/invoices', 'invoices.nav']] },
  {
    label: 'nav.area.treasurer',
    show: (a) => a.at('treasurer') && !a.sellingPartner,
    links: [
      ['/treasurer', 'nav.link.dashboard'],
      ['/treasurer/reports', 'nav.link.reports'],
    ],
  },
  {
    label: 'nav.area.admin',
    show: (a) => a.at('admin'),
    links: [
      ['/admin', 'nav.link.events', fullOrganization],
      ['/admin/commitment', 'nav.link.commitment', fullOrganization],
      ['/admin/members', 'nav.link.members'],
      ['/admin/archive', 'nav.link.archive', fullOrganization],
      ['/admin/delegations', 'nav.link.partnerSales', fullOrganization],
      ['/admin/settings', 'admin.nav.settings'],
    ],
  },
  {
    label: 'nav.area.sharedEvents',
    // Any ticket manager+ of a full organization (participants' reports); admins answer invitations there.
    show: (a) => (a.at('ticketManager') && !a.sellingPartner) || a.isSuperAdmin,
    links: [['/shared-events', 'nav.link.sharedEvents']],
  },
  { label: 'door.nav.area', show: (a) => a.door === true && !a.sellingPartner, links: [['/door', 'door.nav.link']] },
  {
    label: 'nav.area.superAdmin',
    show: (a) => a.isSuperAdmin,
    withoutOrganization: true, // its pages ask about every organization, none in particular
    links: [
      ['/super/organizations', 'nav.link.organizations'],
      ['/super/users', 'nav.link.users'],
      ['/super/impersonation', 'nav.link.impersonation'],
    ],
  },
  {
    label: 'nav.area.partner',
    show: (a) => a.sellingPartner || a.sellsForOthers,
    links: [['/partner', 'nav.link.partner']],
  },
];

export function AreaNav() {
  const { t } = useTranslation();
  const access = useAccess();
  // Whether the organization sells for another one comes with /api/auth/me; only an API that does not say it yet
  // (the field absent on an approved membership) is asked for the delegated events.
  const { membership } = useOrganization();
  const said = membership?.sellsForOthers;
  const delegated = useDelegatedEvents(membership?.approved === true && said === undefined);
  const listed = (delegated.data?.items ?? []).some((e) => e.status === 'active');
  const door = useDoorLink(access);
  const all = { ...access, door, sellsForOthers: said ?? listed };
  return (
    <>
      {AREAS.filter((area) => area.show(all) && (all.role || area.withoutOrganization)).map((area) => (
        <nav key={area.label} aria-label={t(area.label)} className="area">
          <ul data-area={t(area.label)}>
            {area.links
              .filter(([, , show]) => !show || show(all))
              .map(([to, label]) => (
                <li key={to}>
                  <NavLink to={to} end>
                    {t(label)}
                  </NavLink>
                </li>
              ))}
          </ul>
        </nav>
      ))}
    </>
  );
}
