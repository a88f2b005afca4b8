import { LOCALES } from '../organization-settings/model';
import { object } from '../vocabulary/schema-parts';
import { bool, integer, pageOf, text, timestamp } from '../vocabulary/response-parts';

/** `toUserResponse`: contact fields appear only when set; `deletedAt` only on soft-deleted users. */
export const userResponse = object(
  {
    id: text,
    email: text,
    name: text,
    firstName: text,
    lastName: text,
    phone: text,
    isSuperAdmin: bool,
    locale: { enum: [...LOCALES] },
    notificationEmails: bool,
    reminderEmails: bool,
    createdAt: timestamp,
    updatedAt: timestamp,
    deletedAt: timestamp,
  },
  ['id', 'email', 'name', 'isSuperAdmin', 'notificationEmails', 'reminderEmails', 'createdAt', 'updatedAt'],
);

export const userPage = pageOf(userResponse);

const ids = { type: 'array', items: text };

export const bulkDeleteResponse = object({ deleted: integer, deletedIds: ids, notFound: ids, skipped: ids }, [
  'deleted',
  'deletedIds',
  'notFound',
  'skipped',
]);

export const bulkAssignResponse = object({ assigned: integer, alreadyMember: ids, notFound: ids }, [
  'assigned',
  'alreadyMember',
  'notFound',
]);
