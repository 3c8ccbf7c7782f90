import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '#web/lib/toast.ts';
import {
  downloadExport,
  saveFile,
  type ExportFilters,
  type ExportFormat,
} from '../api/download-export.ts';
import { EXPORT_MESSAGES } from '../messages.ts';

export type ExportState =
  | { kind: 'idle' }
  /** `count` is null until the server has answered. */
  | { kind: 'running'; format: ExportFormat; count: number | null; received: number }
  | { kind: 'failed'; format: ExportFormat; message: string };

/** One export at a time: start, follow, cancel; the file is saved when it is complete. */
export function useExportDownload(filters: ExportFilters) {
  const [state, setState] = useState<ExportState>({ kind: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const start = useCallback(
    async (format: ExportFormat) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setState({ kind: 'running', format, count: null, received: 0 });
      try {
        const file = await downloadExport(format, filters, {
          signal: current.signal,
          onProgress: ({ count, received }) =>
            setState({ kind: 'running', format, count, received }),
        });
        if (current.signal.aborted) return;
        saveFile(file);
        setState({ kind: 'idle' });
        void toast.success(EXPORT_MESSAGES.done(file.fileName));
      } catch (error) {
        if (current.signal.aborted) return;
        const message = error instanceof Error ? error.message : EXPORT_MESSAGES.failed;
        setState({ kind: 'failed', format, message });
      }
    },
    [filters],
  );

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState({ kind: 'idle' });
  }, []);

  // Leaving the page stops the download.
  useEffect(() => () => controller.current?.abort(), []);

  return { state, start, cancel };
}
