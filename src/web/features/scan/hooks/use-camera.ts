// The rear camera for the live QR preview: started while the page wants it and the tab is
// visible, stopped (every track, so the camera light goes off) when the page leaves, the
// tab hides, or the reading is done. A refusal or a missing camera is reported once per
// attempt; the picker and the paste box work without it.
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';

export type CameraStatus = 'off' | 'starting' | 'live' | 'unavailable';

// Chromium on Android exposes the flash as a `torch` capability and constraint; the DOM
// typings know it only as a setting.
type TorchCapabilities = MediaTrackCapabilities & { torch?: boolean };
type TorchConstraint = MediaTrackConstraintSet & { torch: boolean };

const VIDEO: MediaTrackConstraints = {
  facingMode: { ideal: 'environment' },
  // Enough pixels for a 30 mm QR at arm's length; the decoder downsizes what it reads.
  width: { ideal: 1920 },
  height: { ideal: 1080 },
};

function subscribeToVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

function useIsTabVisible(): boolean {
  return useSyncExternalStore(
    subscribeToVisibility,
    () => document.visibilityState === 'visible',
    () => true,
  );
}

function hasTorch(track: MediaStreamTrack): boolean {
  if (typeof track.getCapabilities !== 'function') return false;
  const capabilities: TorchCapabilities = track.getCapabilities();
  return capabilities.torch === true;
}

type UseCameraOptions = {
  isWanted: boolean;
  /** Permission refused, no camera, or the camera is busy. */
  onUnavailable(): void;
};

export function useCamera({ isWanted, onUnavailable }: UseCameraOptions) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const trackRef = useRef<MediaStreamTrack | null>(null);
  const [isLive, setIsLive] = useState(false);
  const [isTorchSupported, setIsTorchSupported] = useState(false);
  const [isTorchOn, setIsTorchOn] = useState(false);
  // Bumped by retry(); a failed attempt is not repeated on its own (no toast loop).
  const [attempt, setAttempt] = useState(0);
  const [failedAttempt, setFailedAttempt] = useState<number | null>(null);
  const isVisible = useIsTabVisible();
  const reportUnavailable = useEffectEvent(onUnavailable);

  const shouldRun = isWanted && isVisible && failedAttempt !== attempt;

  useEffect(() => {
    if (!shouldRun) return;
    let isCancelled = false;
    let stream: MediaStream | null = null;
    // The <video> is always rendered, so the element is there before the effect runs.
    const video = videoRef.current;

    const fail = () => {
      if (isCancelled) return;
      setFailedAttempt(attempt);
      reportUnavailable();
    };

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) return fail();
      let granted: MediaStream;
      try {
        granted = await navigator.mediaDevices.getUserMedia({ video: VIDEO, audio: false });
      } catch {
        return fail();
      }
      // Granted after the page stopped wanting it: switch it straight off again.
      if (isCancelled) {
        for (const track of granted.getTracks()) track.stop();
        return;
      }
      stream = granted;
      const [track] = stream.getVideoTracks();
      if (!video || !track) return fail();
      trackRef.current = track;
      video.srcObject = stream;
      // play() is interrupted when the page leaves meanwhile; that is not a failure.
      await video.play().catch(() => undefined);
      if (isCancelled) return;
      setIsTorchSupported(hasTorch(track));
      setIsLive(true);
    }
    void start();

    return () => {
      isCancelled = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
      if (video) video.srcObject = null;
      trackRef.current = null;
      setIsLive(false);
      setIsTorchSupported(false);
      setIsTorchOn(false);
    };
  }, [shouldRun, attempt]);

  const toggleTorch = useCallback(async () => {
    const track = trackRef.current;
    if (!track) return;
    const constraint: TorchConstraint = { torch: !isTorchOn };
    try {
      await track.applyConstraints({ advanced: [constraint] });
      setIsTorchOn(constraint.torch);
    } catch {
      // Some devices list the torch but refuse it while streaming: hide the button.
      setIsTorchSupported(false);
    }
  }, [isTorchOn]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const status: CameraStatus =
    failedAttempt === attempt ? 'unavailable' : !shouldRun ? 'off' : isLive ? 'live' : 'starting';

  return {
    videoRef,
    status,
    isTorchSupported,
    isTorchOn,
    toggleTorch,
    retry,
  };
}
