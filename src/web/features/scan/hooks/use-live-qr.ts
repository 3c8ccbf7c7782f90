// Feeds camera frames to the QR worker at about 6–7 frames a second, one at a time: the
// next frame is grabbed only after the worker answered, so a slow phone drops frames
// instead of queueing them. Frames alternate between the whole view and its centre
// (frame-region.ts).
import { useEffect, useEffectEvent, type RefObject } from 'react';
import type { QrDecodeOutcome, QrDecoder } from '../qr/qr-decoder.ts';
import { frameRegion } from '../qr/frame-region.ts';

const FRAME_INTERVAL_MS = 150;

type UseLiveQrOptions = {
  videoRef: RefObject<HTMLVideoElement | null>;
  decoder: QrDecoder | null;
  isRunning: boolean;
  onDecoded(outcome: QrDecodeOutcome): void;
  /** The worker or its wasm failed: the loop stops. */
  onFailed(error: Error): void;
};

export function useLiveQr({ videoRef, decoder, isRunning, onDecoded, onFailed }: UseLiveQrOptions) {
  const decoded = useEffectEvent(onDecoded);
  const failed = useEffectEvent(onFailed);

  useEffect(() => {
    if (!isRunning || !decoder) return;
    const reader = decoder;
    let isStopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frameIndex = 0;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });

    async function readFrame(video: HTMLVideoElement, target: CanvasRenderingContext2D) {
      const region = frameRegion(video.videoWidth, video.videoHeight, frameIndex);
      frameIndex += 1;
      canvas.width = region.dw;
      canvas.height = region.dh;
      target.drawImage(
        video,
        region.sx,
        region.sy,
        region.sw,
        region.sh,
        0,
        0,
        region.dw,
        region.dh,
      );
      return reader.decodePixels(target.getImageData(0, 0, region.dw, region.dh));
    }

    async function tick() {
      const video = videoRef.current;
      if (
        context &&
        video &&
        video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA &&
        video.videoWidth > 0
      ) {
        try {
          const outcome = await readFrame(video, context);
          if (isStopped) return;
          decoded(outcome);
        } catch (error) {
          if (!isStopped) failed(error instanceof Error ? error : new Error(String(error)));
          return;
        }
      }
      if (!isStopped) timer = setTimeout(tick, FRAME_INTERVAL_MS);
    }
    timer = setTimeout(tick, 0);

    return () => {
      isStopped = true;
      clearTimeout(timer);
    };
  }, [isRunning, decoder, videoRef]);
}
