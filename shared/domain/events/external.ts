import { notFound } from '../../errors';
import { withEtagRetry } from '../../store/outcomes';
import { findShowtime } from './model';
import { getEvent, saveEvent } from './repo';
import { writeWithCapacity } from './capacity/ledger-write';
import { toEventResponse } from './mapper';
import type { ExternalUpdateBody } from './schemas';
import { assertLiveEvent } from './live-event';

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
    assertLiveEvent(event);
    const showtime = findShowtime(event, showtimeId);
    if (!showtime) throw notFound('Showtime');
    const showtimes = event.showtimes.map((s) => {
      if (s.showtimeId !== showtimeId) return s;
      const { externalNote: _old, ...rest } = s;
      return {
        ...rest,
        externalSold: body.externalSold,
        ...(body.externalNote !== undefined ? { externalNote: body.externalNote } : {}),
      };
    });
    const before = { showtimeId, quantity: showtime.externalSold };
    const after = { showtimeId, quantity: body.externalSold };
    return writeWithCapacity(event, 'external', before, after, (mark) => saveEvent(mark({ ...event, showtimes })), {
      enforceCeiling: false,
      documentId: event.id,
    });
  });
  return toEventResponse(saved);
}
