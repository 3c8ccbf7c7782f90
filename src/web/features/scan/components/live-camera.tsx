import { useEffect, useRef, useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import { useCamera } from '../hooks/use-camera.ts';
import { useLiveQr } from '../hooks/use-live-qr.ts';
import { useQrDecoder } from '../hooks/use-qr-decoder.ts';
import { SCAN_MESSAGES } from '../messages.ts';
import { playScanCue } from '../scan-cue.ts';
import { judgeQrTexts, type ScanDraft } from '../scan-draft.ts';
import { CameraPreview } from './camera-preview.tsx';

/** How long a "not an invoice code" hint stays before the aiming hint returns. */
const HINT_MS = 3000;
/** One camera toast at a time, however often the person retries. */
const CAMERA_TOAST_ID = 'scan-camera-access';

/**
 * The camera half of the scanner: the first valid AT code read wins (cue, then `onRead`);
 * other codes only say why they were not taken, and the reading goes on.
 */
export function LiveCamera({ onRead }: { onRead(draft: ScanDraft): void }) {
  const decoder = useQrDecoder();
  const [hint, setHint] = useState<string | null>(null);
  const [hasDecoderFailed, setHasDecoderFailed] = useState(false);
  const isDone = useRef(false);
  const { videoRef, status, isTorchSupported, isTorchOn, toggleTorch, retry } = useCamera({
    isWanted: true,
    onUnavailable: () => toast.error(SCAN_MESSAGES.cameraNoAccess, { id: CAMERA_TOAST_ID }),
  });

  useLiveQr({
    videoRef,
    decoder,
    isRunning: status === 'live' && !hasDecoderFailed,
    onDecoded: ({ texts }) => {
      const verdict = judgeQrTexts(texts);
      if (verdict === null || isDone.current) return;
      if (verdict.kind === 'draft') {
        isDone.current = true;
        playScanCue();
        onRead(verdict.draft);
      } else if (verdict.kind === 'not-at') {
        setHint(SCAN_MESSAGES.notAtQr);
      } else {
        setHint(`${SCAN_MESSAGES.invalidAtQr} ${verdict.errors[0] ?? ''}`.trim());
      }
    },
    onFailed: () => setHasDecoderFailed(true),
  });

  // Once the reading came another way, the camera's complaint is old news.
  useEffect(
    () => () => {
      toast.dismiss(CAMERA_TOAST_ID);
    },
    [],
  );

  useEffect(() => {
    if (hint === null) return;
    const timer = setTimeout(() => setHint(null), HINT_MS);
    return () => clearTimeout(timer);
  }, [hint]);

  return (
    <CameraPreview
      videoRef={videoRef}
      status={status}
      isTorchSupported={isTorchSupported}
      isTorchOn={isTorchOn}
      onToggleTorch={toggleTorch}
      onRetry={retry}
      hint={hasDecoderFailed ? SCAN_MESSAGES.decoderFailed : hint}
    />
  );
}
