import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { decodePhoto, qrDecoder } from './decode';

/** A code still in view is read once: it is taken again only after it was out of sight this long. */
const SAME_CODE_PAUSE_MS = 2_000;
const FRAME_EVERY_MS = 150;

type CameraState = 'off' | 'starting' | 'on' | 'failed';

/**
 * The camera (the back one on a phone) read continuously for QR codes, and a photo of a ticket as a second way in
 * (a phone whose browser may not use the camera opens its camera app). Each new code is handed to `onCode` once.
 */
export function Scanner({ onCode, disabled }: { onCode: (text: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const stop = useRef<(() => void) | undefined>(undefined);
  const handler = useRef(onCode);
  handler.current = onCode;
  const [state, setState] = useState<CameraState>('off');
  const [photoNote, setPhotoNote] = useState<string>();

  useEffect(() => {
    // The decoder (jsQR where the browser has no BarcodeDetector) is fetched as the door opens, not at the first
    // scan: a door that loses its connection before anything was scanned still reads codes.
    void qrDecoder().catch(() => undefined);
    return () => stop.current?.();
  }, []);

  async function start() {
    setState('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
    } catch {
      setState('failed');
      return;
    }
    const element = video.current!;
    element.srcObject = stream;
    await element.play().catch(() => undefined);
    const decode = await qrDecoder();
    let running = true;
    let last: { text: string; seenAt: number } | undefined;
    let timer: number | undefined;
    const frame = async () => {
      if (!running) return;
      if (element.readyState >= 2 && element.videoWidth > 0) {
        const text = await decode(element, element.videoWidth, element.videoHeight).catch(() => undefined);
        const now = Date.now();
        if (text && running) {
          const repeat = last?.text === text && now - last.seenAt < SAME_CODE_PAUSE_MS;
          last = { text, seenAt: now };
          if (!repeat) handler.current(text);
        }
      }
      if (running) timer = window.setTimeout(() => void frame(), FRAME_EVERY_MS);
    };
    stop.current = () => {
      running = false;
      window.clearTimeout(timer);
      for (const track of stream.getTracks()) track.stop();
      element.srcObject = null;
      stop.current = undefined;
    };
    setState('on');
    void frame();
  }

  function turnOff() {
    stop.current?.();
    setState('off');
  }

  async function photo(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setPhotoNote(undefined);
    const text = await decodePhoto(file).catch(() => undefined);
    if (text) handler.current(text);
    else setPhotoNote(t('door.scanner.noCodeInPhoto'));
  }

  return (
    <section className="door-scanner" aria-labelledby="door-scanner-title">
      <h2 id="door-scanner-title">{t('door.scanner.title')}</h2>
      <div className="door-camera" hidden={state !== 'on' && state !== 'starting'}>
        <video ref={video} muted playsInline aria-label={t('door.scanner.video')} />
      </div>
      <div className="actions">
        {state === 'on' || state === 'starting' ? (
          <button type="button" className="secondary" onClick={turnOff}>
            {t('door.scanner.stop')}
          </button>
        ) : (
          <button type="button" onClick={() => void start()} disabled={disabled}>
            {t('door.scanner.start')}
          </button>
        )}
        <label className="button secondary door-photo">
          {t('door.scanner.photo')}
          <input
            type="file"
            accept="image/*"
            capture="environment"
            className="sr-only"
            disabled={disabled}
            onChange={(e) => void photo(e)}
          />
        </label>
      </div>
      {state === 'starting' && <p role="status">{t('door.scanner.starting')}</p>}
      {state === 'on' && <p className="meta">{t('door.scanner.hint')}</p>}
      {state === 'failed' && (
        <p role="alert" className="notice error">
          {t('door.scanner.noCamera')}
        </p>
      )}
      {photoNote && (
        <p role="alert" className="notice error">
          {photoNote}
        </p>
      )}
    </section>
  );
}
