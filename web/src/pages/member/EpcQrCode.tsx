import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The EPC QR code ("pay by scanning") drawn from the invoice's `epcPayload`, as the PDF draws it (error correction
 * M, quiet zone 4). The `qrcode` library is loaded only when a code is shown, so it stays out of the first load.
 */
export function EpcQrCode({ payload, label }: { payload: string; label: string }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then(({ toCanvas }) => {
        if (live && canvas.current)
          return toCanvas(canvas.current, payload, { errorCorrectionLevel: 'M', margin: 4, width: 320 });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [payload]);
  if (failed) return <p className="notice error">{t('invoices.qrFailed')}</p>;
  return <canvas ref={canvas} className="epc-qr" role="img" aria-label={label} data-testid="epc-qr" />;
}
