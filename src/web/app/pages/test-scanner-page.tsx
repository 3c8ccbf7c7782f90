import { TestScanner } from '#web/features/scan/components/test-scanner.tsx';
import { TEST_SCANNER_MESSAGES } from '#web/features/scan/messages.ts';
import { SignedInFrame } from './signed-in-frame.tsx';

/** `/test-scanner` (spec invoice-work §2 "test pages"): the scanner's workings, for support. */
export function TestScannerPage() {
  return (
    <SignedInFrame title={TEST_SCANNER_MESSAGES.pageTitle}>
      <TestScanner />
    </SignedInFrame>
  );
}
