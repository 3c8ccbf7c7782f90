// The rear camera for 'Tirar fotografia': started while the capture view is open, stopped
// (every track, so the camera light goes off) when it closes. A refusal, a missing camera or
// a browser without getUserMedia is reported once; uploading still works without it.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { CAMERA_JPEG_QUALITY } from '../photo-rules.ts';

const VIDEO: MediaTrackConstraints = {
  facingMode: { ideal: 'environment' },
  // An A4 invoice stays readable; the server shrinks anything larger anyway.
  width: { ideal: 1920 },
  height: { ideal: 1080 },
};

export function hasCameraApi(): boolean {
  return (
    typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

export function useCameraStream(onUnavailable: () => void) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [isLive, setIsLive] = useState(false);
  const reportUnavailable = useEffectEvent(onUnavailable);

  useEffect(() => {
    let isCancelled = false;
    let stream: MediaStream | null = null;
    // The <video> is always rendered, so the element is there before the effect runs.
    const video = videoRef.current;

    async function start() {
      if (!hasCameraApi()) return reportUnavailable();
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: VIDEO, audio: false });
      } catch {
        if (!isCancelled) reportUnavailable();
        return;
      }
      if (isCancelled || !video) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      video.srcObject = stream;
      // play() is interrupted when the view closes meanwhile; that is not a failure.
      await video.play().catch(() => undefined);
      if (!isCancelled) setIsLive(true);
    }
    void start();

    return () => {
      isCancelled = true;
      for (const track of stream?.getTracks() ?? []) track.stop();
      if (video) video.srcObject = null;
    };
  }, []);

  /** The current frame as a JPEG at quality 0.8 (spec §5); null before the first frame. */
  async function capture(): Promise<File | null> {
    const video = videoRef.current;
    if (!video || video.videoWidth === 0) return null;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', CAMERA_JPEG_QUALITY),
    );
    return blob ? new File([blob], `fotografia-${Date.now()}.jpg`, { type: 'image/jpeg' }) : null;
  }

  return { videoRef, isLive, capture };
}
