// One upload at a time to POST /api/scan, with its progress and a way to cancel. The
// reading arrives as a ScanDraft; a refusal keeps the server's pt-PT message.
import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_UPLOAD_BYTES, UPLOAD_CHECK_MESSAGES } from '#shared/upload-check.ts';
import { ApiError } from '#web/lib/call-api.ts';
import { ScanCancelledError, scanDocument } from '../api/scan-document.ts';
import { SCAN_MESSAGES } from '../messages.ts';
import { draftFromReading, type ScanDraft } from '../scan-draft.ts';

export type UploadState =
  | { kind: 'idle' }
  /** `percent` of the file sent; 100 while the server reads it. */
  | { kind: 'uploading'; fileName: string; percent: number }
  /** `scanId`: nothing was read, but the server kept the document for a typed invoice. */
  | { kind: 'failed'; message: string; scanId: string | null };

/** Refused before sending: the server would refuse the same (it checks much more). */
function precheck(file: File): string | null {
  if (file.size === 0) return UPLOAD_CHECK_MESSAGES.EMPTY_FILE;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_CHECK_MESSAGES.FILE_TOO_LARGE;
  return null;
}

export function useScanUpload(onRead: (draft: ScanDraft) => void) {
  const [state, setState] = useState<UploadState>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);

  // Leaving the page cancels an upload still running.
  useEffect(() => () => controller.current?.abort(), []);

  const upload = useCallback(
    async (file: File) => {
      const refusal = precheck(file);
      if (refusal) {
        setState({ kind: 'failed', message: refusal, scanId: null });
        return;
      }
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState({ kind: 'uploading', fileName: file.name, percent: 0 });
      try {
        const answer = await scanDocument(file, {
          signal: current.signal,
          onProgress: (sent, total) =>
            setState({
              kind: 'uploading',
              fileName: file.name,
              percent: Math.min(100, Math.round((sent / total) * 100)),
            }),
        });
        if (current.signal.aborted) return;
        setState({ kind: 'idle' });
        onRead(draftFromReading(answer));
      } catch (error) {
        if (error instanceof ScanCancelledError) return;
        const scanId = error instanceof ApiError ? error.details.scanId : undefined;
        setState({
          kind: 'failed',
          message: error instanceof Error ? error.message : SCAN_MESSAGES.uploadFailed,
          scanId: typeof scanId === 'string' ? scanId : null,
        });
      } finally {
        if (controller.current === current) controller.current = null;
      }
    },
    [onRead],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    setState({ kind: 'idle' });
  }, []);

  return { state, upload, cancel };
}
