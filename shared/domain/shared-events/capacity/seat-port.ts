import { provideSharedSeats, type SharedSeats } from '../../events/capacity/shared-seats';
import { sharedEventAvailability } from './availability';
import {
  commitSharedSeats,
  correctSharedSeats,
  findSharedSeatHold,
  recordBeyondCeiling,
  releaseSharedSeats,
  reserveSharedSeats,
  stampCapacityOps,
  undoBeyondCeiling,
} from './sale';

/**
 * The Shared Event capacity engine as generic capacity reaches it (events/capacity/shared-seats.ts owns the
 * interface). Loading this module provides it; the composition points import it (shared/http/define-route.ts
 * for every route, the heal entry points).
 */
export const sharedEventSeats: SharedSeats = {
  reserve: reserveSharedSeats,
  commit: commitSharedSeats,
  release: releaseSharedSeats,
  findHold: findSharedSeatHold,
  recordBeyondCeiling,
  undoBeyondCeiling,
  correct: correctSharedSeats,
  availability: sharedEventAvailability,
  stamp: stampCapacityOps,
};

provideSharedSeats(sharedEventSeats);
