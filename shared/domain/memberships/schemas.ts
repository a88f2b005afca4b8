import type { Schema } from '../vocabulary/validation';
import { ROLES } from './model';

/** An organization role as bodies name it (member < ticketManager < treasurer < admin). */
export const role: Schema = { enum: [...ROLES] };
