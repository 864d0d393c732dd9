import { useCallback, useEffect, useRef, useState } from 'react';

/** How often a frame is read (jsQR decodes on the main thread; a phone keeps up at this pace). */
const SCAN_EVERY_MS = 200;

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = { new (options: { formats: string[] }): Detector; getSupportedFormats?: () => Promise<string[]> };

/** The browser's BarcodeDetector when it reads QR codes; else null (jsQR then, loaded on first use). */
async function nativeDetector(): Promise<Detector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const formats = (await Native.getSupportedFormats?.()) ?? ['qr_code'];
    return formats.includes('qr_code') ? new Native({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

export type CameraState = 'off' | 'starting' | 'on' | 'denied' | 'unavailable';

/**
 * The phone's camera reading QR codes (issue 33): the rear camera into a <video>, each frame read by BarcodeDetector
 * where the browser has it, else by jsQR (pure JavaScript: nothing to fetch from elsewhere, nothing the page's CSP
 * refuses). `onCode` gets each code read; `paused` stops reading (while a check-in is on its way).
 */
export function useQrScanner(onCode: (text: string) => void, paused: boolean) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('off');
  const stream = useRef<MediaStream | null>(null);
  const onCodeRef = useRef(onCode);
  const pausedRef = useRef(paused);
  useEffect(() => {
    onCodeRef.current = onCode;
    pausedRef.current = paused;
  });

  const stop = useCallback(() => {
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    setState('off');
  }, []);

  const start = useCallback(async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('unavailable');
      return;
    }
    setState('starting');
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
    } catch (error) {
      setState(error instanceof DOMException && error.name === 'NotAllowedError' ? 'denied' : 'unavailable');
      return;
    }
    const video = videoRef.current;
    if (!video) return;
    video.srcObject = stream.current;
    await video.play().catch(() => undefined);
    setState('on');
  }, []);

  useEffect(() => {
    if (state !== 'on') return;
    let live = true;
    let timer = 0;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    void (async () => {
      const native = await nativeDetector();
      const jsQR = native ? null : (await import('jsqr')).default;
      const tick = async () => {
        const video = videoRef.current;
        if (!live) return;
        if (video && !pausedRef.current && video.readyState >= 2 && video.videoWidth > 0) {
          let text: string | null = null;
          if (native) {
            text = (await native.detect(video).catch(() => []))[0]?.rawValue ?? null;
          } else if (jsQR && context) {
            canvas.width = video.videoWidth;
            canvas.height = video.videoHeight;
            context.drawImage(video, 0, 0);
            const image = context.getImageData(0, 0, canvas.width, canvas.height);
            text = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
          }
          if (live && text) onCodeRef.current(text);
        }
        if (live) timer = window.setTimeout(() => void tick(), SCAN_EVERY_MS);
      };
      void tick();
    })();
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [state]);

  useEffect(() => () => stream.current?.getTracks().forEach((track) => track.stop()), []);

  return { videoRef, state, start, stop };
}
