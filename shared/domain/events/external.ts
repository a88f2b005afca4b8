import { notFound } from '../../errors';
import { withEtagRetry } from '../../store/outcomes';
import { findShowtime } from './model';
import { getEvent, saveEvent } from './repo';
import { releaseCapacity, takeCapacity } from '../capacity/counter';
import { toEventResponse } from './mapper';
import type { ExternalUpdateBody } from './schemas';

/**
 * PUT …/showtimes/{showtimeId}/external: sets the manual external count and note (an absent note clears it:
 * PUT sets both). The count records sales that already happened elsewhere, so the counter's `external`
 * channel moves by the difference without the capacity ceiling. An increase is taken before the event is
 * written and given back if that write fails; a decrease is released after it, so a crash in between
 * leaves the counter high (never an oversell) for the heal timer to correct.
 */
export async function setShowtimeExternal(
  organizationId: string,
  eventId: string,
  showtimeId: string,
  body: ExternalUpdateBody,
) {
  const saved = await withEtagRetry(async () => {
    const event = await getEvent(organizationId, eventId);
    if (!event || event.deletedAt) throw notFound('Event');
    const showtime = findShowtime(event, showtimeId);
    if (!showtime) throw notFound('Showtime');
    const delta = body.externalSold - showtime.externalSold;
    if (delta > 0) await takeCapacity({ event, showtimeId, channel: 'external', delta, enforceCeiling: false });
    const showtimes = event.showtimes.map((s) => {
      if (s.showtimeId !== showtimeId) return s;
      const { externalNote: _old, ...rest } = s;
      return {
        ...rest,
        externalSold: body.externalSold,
        ...(body.externalNote !== undefined ? { externalNote: body.externalNote } : {}),
      };
    });
    let written;
    try {
      written = await saveEvent({ ...event, showtimes });
    } catch (error) {
      if (delta > 0) await releaseCapacity(event, showtimeId, 'external', delta);
      throw error;
    }
    if (delta < 0) await releaseCapacity(event, showtimeId, 'external', -delta);
    return written;
  });
  return toEventResponse(saved);
}
