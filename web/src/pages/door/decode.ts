/**
 * Reading a QR from a camera frame or a photo: the browser's own `BarcodeDetector` where it exists (Android,
 * ChromeOS, macOS), otherwise the jsQR library on the pixels of a canvas. jsQR is loaded only here, on first use,
 * so it never weighs on the app's first load.
 */
export type Decode = (source: CanvasImageSource, width: number, height: number) => Promise<string | undefined>;

interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

/** Frames larger than this are scaled down first: jsQR's time grows with the pixels, and a QR needs few. */
const MAX_SIDE = 800;

async function nativeDecoder(): Promise<Decode | undefined> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return undefined;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? [];
    if (!formats.includes('qr_code')) return undefined;
    const detector = new Detector({ formats: ['qr_code'] });
    return async (source) => (await detector.detect(source))[0]?.rawValue;
  } catch {
    return undefined;
  }
}

async function libraryDecoder(): Promise<Decode> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  return async (source, width, height) => {
    const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    context.drawImage(source, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' })?.data || undefined;
  };
}

let decoder: Promise<Decode> | undefined;
/** One decoder for the page: the native one when the browser reads QR codes, else jsQR. */
export function qrDecoder(): Promise<Decode> {
  decoder ??= nativeDecoder().then((native) => native ?? libraryDecoder());
  // A failed fetch of the library (offline before it ever loaded) is tried again at the next scan.
  decoder.catch(() => (decoder = undefined));
  return decoder;
}

/** A photo of a ticket (a file input; the phone's camera app): its QR text, or undefined. */
export async function decodePhoto(file: Blob): Promise<string | undefined> {
  const bitmap = await createImageBitmap(file);
  try {
    return await (
      await qrDecoder()
    )(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}
