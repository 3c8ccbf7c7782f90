import { SCAN_MESSAGES } from '../messages.ts';
import type { ScanDraft } from '../scan-draft.ts';
import { LiveCamera } from './live-camera.tsx';
import { PastePanel } from './paste-panel.tsx';
import { UploadPanel } from './upload-panel.tsx';

/**
 * The three ways in: the live camera, a photo or PDF, the QR text by hand. The first
 * reading is handed up; unmounting this stops the camera and cancels an upload.
 */
export function ScanCapture({ onRead }: { onRead(draft: ScanDraft): void }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">{SCAN_MESSAGES.intro}</p>
      <LiveCamera onRead={onRead} />
      <UploadPanel onRead={onRead} />
      <PastePanel onRead={onRead} />
    </div>
  );
}
