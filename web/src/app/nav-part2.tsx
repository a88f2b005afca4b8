import { NavLink } from 'react-router';
import { useAccess } from '../ui/part2/access';
import '../ui/part2/part2.css';

type Access = ReturnType<typeof useAccess>;
type Link = readonly [to: string, label: string];

/**
 * Part 2's navigation, one list per person. A list shows only when the caller's role, super-admin flag and
 * organization mode allow its pages (a sellingPartner organization has no events of its own to report on).
 */
const AREAS: { label: string; show: (a: Access) => boolean; links: Link[] }[] = [
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
      ['/admin', 'Events'],
      ['/admin/commitment', 'Commitment and allocations'],
      ['/admin/members', 'Members and invitations'],
      ['/admin/archive', 'Archive'],
    ],
  },
  {
    label: 'Shared Events',
    // Any ticket manager+ of a full organization (participants' reports); admins answer invitations there.
    show: (a) => (a.at('ticketManager') && !a.sellingPartner) || a.isSuperAdmin,
    links: [['/shared-events', 'Shared Events']],
  },
];

export function Part2Nav() {
  const access = useAccess();
  return (
    <>
      {AREAS.filter((area) => area.show(access)).map((area) => (
        <nav key={area.label} aria-label={area.label} className="part2">
          <ul data-area={area.label}>
            {area.links.map(([to, label]) => (
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
