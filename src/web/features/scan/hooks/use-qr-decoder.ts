import { useEffect, useState } from 'react';
import { createQrDecoder, type QrDecoder } from '../qr/qr-decoder.ts';

/** One QR worker for the component's life; null until it is created (after mount). */
export function useQrDecoder(): QrDecoder | null {
  const [decoder, setDecoder] = useState<QrDecoder | null>(null);
  useEffect(() => {
    const created = createQrDecoder();
    // The worker is an external system; its handle enters React once it exists (a state
    // initialiser would start a second, leaked worker under StrictMode's double render).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setDecoder(created);
    return () => {
      created.dispose();
      setDecoder(null);
    };
  }, []);
  return decoder;
}
