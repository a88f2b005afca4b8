import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { http, unwrap } from '../../api/instance';
import { checkSignature, normalizeSerial, parseCode } from './codes';
import {
  decideOffline,
  newNonce,
  readDoor,
  writeDoor,
  type CheckInAnswer,
  type DoorResult,
  type DoorState,
  type QueuedScan,
} from './door-store';

/** What the door shows for one scan: the server's answer, or the phone's own when it decided offline. */
export interface DoorAnswer {
  id: string;
  result: DoorResult | 'unverified';
  offline: boolean;
  serial?: string;
  ticketTypeName?: string;
  holderName?: string;
  firstAdmission?: CheckInAnswer['firstAdmission'];
  /** Offline: when this phone admitted the ticket earlier. */
  admittedHereAt?: string;
}

const online = () => navigator.onLine !== false;
const isNetworkError = (error: unknown) => error instanceof ApiError && error.status === 0;
const MAX_BATCH = 500;
/** A door cannot wait: a scan unanswered this long is decided on the phone and queued (its nonce makes a late copy harmless). */
const SCAN_TIMEOUT_MS = 5_000;
const RETRY_EVERY_MS = 15_000;

/**
 * The door of one showtime on this phone (docs/decisions/tickets.md, "The door page"). Online, each scan is
 * POST /api/check-ins. Without a connection (or when a scan's request gets no answer) the phone decides from its
 * door kit: the code's signature with WebCrypto Ed25519, then the kit's status and the tickets this phone already
 * admitted; the scan is queued with its nonce and sent with POST /api/check-ins/batch when the connection returns,
 * and any answer that differs from the phone's is kept to show.
 */
export function useDoor(who: { userId: string; organizationId: string }, eventId?: string, showtimeId?: string) {
  const { userId, organizationId } = who;
  const [state, setState] = useState<DoorState>(() =>
    showtimeId ? readDoor(userId, organizationId, showtimeId) : { admittedHere: {}, queue: [], differences: [] },
  );
  const current = useRef(state);
  const [isOnline, setOnline] = useState(online);
  const [kitError, setKitError] = useState<unknown>();
  const [syncError, setSyncError] = useState<unknown>();
  const [sending, setSending] = useState(false);
  const sendingNow = useRef(false);

  const update = useCallback(
    (change: (s: DoorState) => DoorState) => {
      if (!showtimeId) return;
      current.current = change(current.current);
      writeDoor(userId, organizationId, showtimeId, current.current);
      setState(current.current);
    },
    [userId, organizationId, showtimeId],
  );

  // Another showtime: its own kept state.
  useEffect(() => {
    const next = showtimeId
      ? readDoor(userId, organizationId, showtimeId)
      : { admittedHere: {}, queue: [], differences: [] };
    current.current = next;
    setState(next);
  }, [userId, organizationId, showtimeId]);

  const loadKit = useCallback(async () => {
    if (!eventId || !showtimeId) return;
    setKitError(undefined);
    try {
      const kit = await unwrap(
        http.GET('/api/management/events/{eventId}/door-kit', {
          params: { path: { eventId }, query: { organizationId, showtimeId } },
        }),
      );
      // The phone's own admissions still waiting to be sent stay on top of the fresh kit.
      update((s) => {
        const queued = new Set(s.queue.map((q) => q.localSerial));
        const admittedHere = Object.fromEntries(
          Object.entries(s.admittedHere).filter(([serial]) => queued.has(serial)),
        );
        return { ...s, kit, kitAt: new Date().toISOString(), admittedHere };
      });
    } catch (error) {
      if (!isNetworkError(error)) setKitError(error);
    }
  }, [eventId, showtimeId, organizationId, update]);

  const sendQueue = useCallback(async () => {
    const queue = current.current.queue.slice(0, MAX_BATCH);
    if (sendingNow.current || queue.length === 0 || !online()) return;
    sendingNow.current = true;
    setSending(true);
    setSyncError(undefined);
    try {
      const answer = await unwrap(
        http.POST('/api/check-ins/batch', {
          params: { query: { organizationId } },
          body: {
            scans: queue.map(({ nonce, showtimeId: s, scannedAt, code, serial }) =>
              code ? { nonce, showtimeId: s, scannedAt, code } : { nonce, showtimeId: s, scannedAt, serial },
            ),
          },
        }),
      );
      setOnline(true);
      const byNonce = new Map(answer.results.map((r) => [r.nonce, r]));
      update((s) => ({
        ...s,
        queue: s.queue.filter((q) => !byNonce.has(q.nonce)),
        differences: [
          ...s.differences,
          ...queue.flatMap((q) => {
            const result = byNonce.get(q.nonce);
            return result && result.result !== q.localResult
              ? [
                  {
                    nonce: q.nonce,
                    serial: q.localSerial,
                    scannedAt: q.scannedAt,
                    localResult: q.localResult,
                    answer: result,
                  },
                ]
              : [];
          }),
        ],
      }));
      await loadKit();
    } catch (error) {
      if (!isNetworkError(error)) setSyncError(error);
    } finally {
      sendingNow.current = false;
      setSending(false);
    }
    // More than one batch was waiting: the next one.
    if (current.current.queue.length > 0 && online()) void sendQueue();
  }, [organizationId, update, loadKit]);

  useEffect(() => {
    const up = () => {
      setOnline(true);
      void sendQueue();
    };
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, [sendQueue]);

  // A connection the browser believes is up but that did not answer (a dead Wi-Fi): the queue is tried again.
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (current.current.queue.length > 0 && online()) void sendQueue();
    }, RETRY_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [sendQueue]);

  // On opening a showtime: a fresh kit, and whatever waited from an earlier visit.
  useEffect(() => {
    if (!online()) return;
    void loadKit().then(() => sendQueue());
  }, [loadKit, sendQueue]);

  /** Offline: the phone's own answer from the kit, the scan queued for the server. */
  async function decideHere(scan: { code?: string; serial?: string }, nonce: string, scannedAt: string) {
    const s = current.current;
    const id = nonce;
    const queue = (localResult: QueuedScan['localResult'], localSerial?: string) =>
      update((x) => ({
        ...x,
        queue: [...x.queue, { nonce, showtimeId: showtimeId!, scannedAt, ...scan, localResult, localSerial }],
        admittedHere:
          localResult === 'admitted' && localSerial ? { ...x.admittedHere, [localSerial]: scannedAt } : x.admittedHere,
      }));
    if (!s.kit) {
      queue('unverified', scan.serial);
      return { id, result: 'unverified', offline: true, serial: scan.serial } satisfies DoorAnswer;
    }
    let serial = scan.serial;
    let ticketTypeName: string | undefined;
    if (scan.code) {
      const parsed = parseCode(scan.code)!;
      const signature = await checkSignature(parsed, s.kit);
      if (signature === 'forged') return { id, result: 'unknown', offline: true } satisfies DoorAnswer;
      ticketTypeName = s.kit.ticketTypes[parsed.ticketTypeId];
      serial = parsed.serial;
      if (signature === 'unsupported') {
        queue('unverified', serial);
        return { id, result: 'unverified', offline: true, serial, ticketTypeName } satisfies DoorAnswer;
      }
      if (parsed.showtimeId !== showtimeId)
        return { id, result: 'wrong_showtime', offline: true, serial, ticketTypeName } satisfies DoorAnswer;
      if (!ticketTypeName) return { id, result: 'unknown', offline: true } satisfies DoorAnswer;
    }
    const result = decideOffline(current.current, serial!);
    const firstAt = current.current.admittedHere[serial!];
    queue(result, serial);
    return {
      id,
      result,
      offline: true,
      serial,
      ticketTypeName,
      ...(result === 'already_admitted' && firstAt ? { admittedHereAt: firstAt } : {}),
    } satisfies DoorAnswer;
  }

  /** One scan: a code from the camera or a photo, or a serial typed from a damaged print. */
  async function scan(input: { code?: string; serial?: string }): Promise<DoorAnswer> {
    const nonce = newNonce();
    const scannedAt = new Date().toISOString();
    let body: { code?: string; serial?: string };
    if (input.code !== undefined) {
      if (!parseCode(input.code)) return { id: nonce, result: 'unknown', offline: !online() };
      body = { code: input.code };
    } else {
      const serial = normalizeSerial(input.serial ?? '');
      if (!serial) return { id: nonce, result: 'unknown', offline: !online() };
      body = { serial };
    }
    if (online()) {
      try {
        const answer = await unwrap(
          http.POST('/api/check-ins', {
            params: { query: { organizationId } },
            body: { ...body, showtimeId: showtimeId!, nonce },
            signal: AbortSignal.timeout(SCAN_TIMEOUT_MS),
          }),
        );
        setOnline(true);
        const serial = answer.ticket?.serial;
        if (serial && (answer.result === 'admitted' || answer.result === 'already_admitted'))
          update((x) => (x.kit ? { ...x, kit: { ...x.kit, tickets: { ...x.kit.tickets, [serial]: 'admitted' } } } : x));
        return { id: nonce, offline: false, ...answer, ...answer.ticket };
      } catch (error) {
        if (!isNetworkError(error)) throw error;
        setOnline(false);
      }
    }
    return decideHere(body, nonce, scannedAt);
  }

  return { state, isOnline, kitError, syncError, sending, loadKit, sendQueue, scan, update };
}
