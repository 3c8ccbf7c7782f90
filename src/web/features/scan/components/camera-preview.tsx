import { CameraOff, Flashlight, FlashlightOff, LoaderCircle } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { useHasElapsed } from '#web/lib/use-has-elapsed.ts';
import type { RefObject } from 'react';
import type { CameraStatus } from '../hooks/use-camera.ts';
import { SCAN_MESSAGES } from '../messages.ts';

/** Nothing for 300 ms, then a spinner (spec §9), while the camera starts. */
function Starting() {
  const isShown = useHasElapsed();
  if (!isShown) return null;
  return (
    <p
      className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-white/90"
      role="status"
    >
      <LoaderCircle className="size-5 animate-spin" aria-hidden />
      {SCAN_MESSAGES.cameraStarting}
    </p>
  );
}

/** Four corners around the area to aim at; purely visual. */
function Viewfinder() {
  const corner = 'absolute size-8 border-white/90';
  return (
    <div
      className="pointer-events-none absolute inset-0 flex items-center justify-center"
      aria-hidden
    >
      <div className="relative aspect-square w-3/5 max-w-72 drop-shadow-[0_0_3px_rgb(15_23_42/0.7)]">
        <span className={`${corner} top-0 left-0 rounded-tl-xl border-t-4 border-l-4`} />
        <span className={`${corner} top-0 right-0 rounded-tr-xl border-t-4 border-r-4`} />
        <span className={`${corner} bottom-0 left-0 rounded-bl-xl border-b-4 border-l-4`} />
        <span className={`${corner} right-0 bottom-0 rounded-br-xl border-r-4 border-b-4`} />
      </div>
    </div>
  );
}

function Unavailable({ onRetry }: { onRetry(): void }) {
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-8 text-center">
      <CameraOff className="size-8 text-slate-400" aria-hidden />
      <p className="font-semibold text-slate-800">{SCAN_MESSAGES.cameraUnavailable}</p>
      <p className="max-w-sm text-sm text-slate-600">{SCAN_MESSAGES.cameraUnavailableHint}</p>
      <Button variant="outline" onClick={onRetry}>
        {SCAN_MESSAGES.cameraRetry}
      </Button>
    </div>
  );
}

type CameraPreviewProps = {
  videoRef: RefObject<HTMLVideoElement | null>;
  status: CameraStatus;
  isTorchSupported: boolean;
  isTorchOn: boolean;
  onToggleTorch(): Promise<void>;
  onRetry(): void;
  /** A line over the bottom of the picture (what to do, or why a code was not taken). */
  hint: string | null;
};

/**
 * The live picture with a viewfinder and the torch button. The <video> stays mounted in
 * every state, so the camera hook always finds it.
 */
export function CameraPreview({
  videoRef,
  status,
  isTorchSupported,
  isTorchOn,
  onToggleTorch,
  onRetry,
  hint,
}: CameraPreviewProps) {
  const isUnavailable = status === 'unavailable';
  return (
    <div
      className={isUnavailable ? 'rounded-2xl border border-dashed border-slate-300 bg-white' : ''}
    >
      <div
        className={
          isUnavailable
            ? 'hidden'
            : 'relative aspect-[3/4] overflow-hidden rounded-2xl bg-slate-900 sm:aspect-video'
        }
      >
        <video
          ref={videoRef}
          className="size-full object-cover"
          muted
          playsInline
          aria-label={SCAN_MESSAGES.cameraLabel}
        />
        {status === 'starting' ? <Starting /> : null}
        {status === 'live' ? <Viewfinder /> : null}
        {status === 'off' ? (
          <p className="absolute inset-0 flex items-center justify-center text-sm text-white/80">
            {SCAN_MESSAGES.cameraPaused}
          </p>
        ) : null}
        {isTorchSupported ? (
          <Button
            variant="onDark"
            size="icon"
            className="absolute top-3 right-3 bg-slate-900/60"
            aria-pressed={isTorchOn}
            aria-label={isTorchOn ? SCAN_MESSAGES.torchOff : SCAN_MESSAGES.torchOn}
            onClick={() => void onToggleTorch()}
          >
            {isTorchOn ? <FlashlightOff aria-hidden /> : <Flashlight aria-hidden />}
          </Button>
        ) : null}
        {status === 'live' ? (
          <p
            className="absolute inset-x-3 bottom-3 rounded-lg bg-slate-900/70 px-3 py-2 text-center text-sm text-white"
            role="status"
          >
            {hint ?? SCAN_MESSAGES.cameraHint}
          </p>
        ) : null}
      </div>
      {isUnavailable ? <Unavailable onRetry={onRetry} /> : null}
    </div>
  );
}
