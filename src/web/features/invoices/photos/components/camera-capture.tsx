import { Camera, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { useCameraStream } from '../hooks/use-camera-stream.ts';
import { PHOTO_MESSAGES } from '../photo-messages.ts';

type CameraCaptureProps = {
  onCapture(file: File): void;
  onCancel(): void;
  /** No camera, or no permission: the chooser says so and goes back. */
  onUnavailable(): void;
};

/** The rear camera's live picture and a 'Capturar' button; the frame becomes a JPEG. */
export function CameraCapture({ onCapture, onCancel, onUnavailable }: CameraCaptureProps) {
  const { videoRef, isLive, capture } = useCameraStream(onUnavailable);
  const [isCapturing, setIsCapturing] = useState(false);

  async function shoot() {
    setIsCapturing(true);
    const file = await capture();
    setIsCapturing(false);
    if (file) onCapture(file);
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="relative h-[55dvh] overflow-hidden rounded-xl bg-slate-900">
        <video
          ref={videoRef}
          playsInline
          muted
          aria-label={PHOTO_MESSAGES.cameraTitle}
          className="size-full object-contain"
        />
        {!isLive ? (
          <p
            role="status"
            className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-white"
          >
            <LoaderCircle className="size-4 animate-spin" aria-hidden />
            {PHOTO_MESSAGES.cameraStarting}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {PHOTO_MESSAGES.cancel}
        </Button>
        <Button onClick={() => void shoot()} disabled={!isLive || isCapturing}>
          <Camera aria-hidden />
          {PHOTO_MESSAGES.capture}
        </Button>
      </div>
    </div>
  );
}
