import { FileSearch, LoaderCircle, Video, VideoOff } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/lib/toast.ts';
import { ScanCancelledError, scanDocument } from '../api/scan-document.ts';
import { useCamera } from '../hooks/use-camera.ts';
import { useLiveQr } from '../hooks/use-live-qr.ts';
import { useQrDecoder } from '../hooks/use-qr-decoder.ts';
import { SCAN_MESSAGES, TEST_SCANNER_MESSAGES as TEXT } from '../messages.ts';
import {
  browserReading,
  failedServerReading,
  serverReading,
  type TestReading,
} from '../test-reading.ts';
import { CameraPreview } from './camera-preview.tsx';

function isPdf(file: File): boolean {
  return file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <h3 className="text-sm font-semibold text-slate-800">{title}</h3>
      {children}
    </div>
  );
}

const preClassName =
  'max-h-96 overflow-auto rounded-lg bg-slate-900 p-3 font-mono text-xs break-all whitespace-pre-wrap text-slate-100';

function ReadingView({ reading, readCount }: { reading: TestReading | null; readCount: number }) {
  if (!reading) return <p className="text-sm text-slate-500">{TEXT.noResult}</p>;
  return (
    <div className="flex flex-col gap-4" data-where={reading.where}>
      <p className="text-sm text-slate-600">
        {TEXT.where[reading.where]} · {TEXT.reads(readCount)}
      </p>
      <Block title={TEXT.timings}>
        <ul className="flex flex-wrap gap-2 text-sm">
          {reading.timings.map((timing) => (
            <li key={timing.label} className="rounded-full bg-slate-100 px-3 py-1 text-slate-800">
              {timing.label}: <span className="font-semibold tabular-nums">{timing.ms} ms</span>
            </li>
          ))}
        </ul>
      </Block>
      {reading.errors.length > 0 ? (
        <Block title={TEXT.errors}>
          <ul role="alert" className="list-disc pl-5 text-sm text-red-800">
            {reading.errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </Block>
      ) : null}
      <Block title={TEXT.warnings}>
        {reading.warnings.length > 0 ? (
          <ul className="list-disc pl-5 text-sm text-amber-900">
            {reading.warnings.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-500">{TEXT.noWarnings}</p>
        )}
      </Block>
      {reading.raw !== null ? (
        <Block title={TEXT.raw}>
          <pre className={preClassName} aria-label={TEXT.raw}>
            {reading.raw}
          </pre>
        </Block>
      ) : null}
      {reading.fields !== null ? (
        <Block title={TEXT.fields}>
          <pre className={preClassName} aria-label={TEXT.fields}>
            {JSON.stringify(reading.fields, null, 2)}
          </pre>
        </Block>
      ) : null}
    </div>
  );
}

/**
 * The support view of the scanner: images are decoded in the browser's worker (what the
 * camera path uses), PDFs by the server (POST /api/scan); the camera keeps reading and
 * shows every code it sees.
 */
export function TestScanner() {
  const decoder = useQrDecoder();
  const [reading, setReading] = useState<TestReading | null>(null);
  const [readCount, setReadCount] = useState(0);
  const [isBusy, setIsBusy] = useState(false);
  const [isCameraOn, setIsCameraOn] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const { videoRef, status, isTorchSupported, isTorchOn, toggleTorch, retry } = useCamera({
    isWanted: isCameraOn,
    onUnavailable: () => void toast.error(SCAN_MESSAGES.cameraNoAccess),
  });

  const show = (next: TestReading) => {
    setReading(next);
    setReadCount((n) => n + 1);
  };

  useLiveQr({
    videoRef,
    decoder,
    isRunning: status === 'live',
    onDecoded: ({ texts, ms }) => {
      if (texts.length > 0) show(browserReading(texts, ms));
    },
    onFailed: (error) => show({ ...browserReading([], 0), errors: [error.message] }),
  });

  async function readFile(file: File) {
    setIsBusy(true);
    const started = performance.now();
    try {
      if (isPdf(file)) {
        const answer = await scanDocument(file, {
          onProgress: () => undefined,
          signal: new AbortController().signal,
        });
        show(serverReading(answer, performance.now() - started));
      } else if (decoder) {
        const outcome = await decoder.decodeFile(file);
        show(browserReading(outcome.texts, outcome.ms));
      }
    } catch (error) {
      if (error instanceof ScanCancelledError) return;
      const message = error instanceof Error ? error.message : String(error);
      show(failedServerReading(message, performance.now() - started));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">{TEXT.intro}</p>
      <Card title={TEXT.fileTitle}>
        <p className="text-sm text-slate-600">{TEXT.fileHint}</p>
        <input
          ref={inputRef}
          type="file"
          accept="image/*,application/pdf"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void readFile(file);
          }}
        />
        <Button
          className="self-start"
          disabled={isBusy || !decoder}
          onClick={() => inputRef.current?.click()}
        >
          {isBusy ? (
            <LoaderCircle className="animate-spin" aria-hidden />
          ) : (
            <FileSearch aria-hidden />
          )}
          {TEXT.fileChoose}
        </Button>
      </Card>
      <Card title={TEXT.cameraTitle}>
        <Button
          variant="outline"
          className="self-start"
          aria-pressed={isCameraOn}
          onClick={() => setIsCameraOn((on) => !on)}
        >
          {isCameraOn ? <VideoOff aria-hidden /> : <Video aria-hidden />}
          {isCameraOn ? TEXT.cameraStop : TEXT.cameraStart}
        </Button>
        <div className={isCameraOn ? '' : 'hidden'}>
          <CameraPreview
            videoRef={videoRef}
            status={status}
            isTorchSupported={isTorchSupported}
            isTorchOn={isTorchOn}
            onToggleTorch={toggleTorch}
            onRetry={retry}
            hint={null}
          />
        </div>
      </Card>
      <Card title={TEXT.resultTitle}>
        <div aria-live="polite">
          <ReadingView reading={reading} readCount={readCount} />
        </div>
      </Card>
    </div>
  );
}
