import { BadgeCheck, ScanLine } from 'lucide-react';
import { QrGlyph } from './qr-glyph.tsx';

/** A phone reading an invoice's QR code, drawn with CSS and SVG (no external images). */
export function HeroIllustration() {
  return (
    <div className="relative mx-auto w-full max-w-[19rem]" aria-hidden>
      <div className="from-brand-200/60 absolute -inset-6 -z-10 rounded-[3rem] bg-gradient-to-tr to-teal-100/40 blur-2xl" />
      <div className="rounded-[2.5rem] border-8 border-slate-900 bg-slate-900 shadow-2xl">
        <div className="overflow-hidden rounded-[2rem] bg-slate-800">
          <div className="flex items-center justify-between px-5 pt-4 pb-2 text-xs text-slate-300">
            <span>Scanner</span>
            <ScanLine className="size-4" />
          </div>
          <div className="px-5 pb-6">
            <div className="rounded-xl bg-white p-4 text-slate-700 shadow-inner">
              <p className="text-[0.7rem] font-semibold tracking-wide text-slate-500 uppercase">
                Fatura-Recibo FR A/482
              </p>
              <div className="mt-2 space-y-1.5">
                <div className="h-2 w-3/4 rounded bg-slate-200" />
                <div className="h-2 w-1/2 rounded bg-slate-200" />
              </div>
              <div className="mt-4 space-y-2 border-t border-dashed border-slate-200 pt-3">
                {[0.8, 0.6, 0.7].map((width) => (
                  <div key={width} className="flex items-center justify-between gap-4">
                    <div className="h-2 rounded bg-slate-200" style={{ width: `${width * 60}%` }} />
                    <div className="h-2 w-8 rounded bg-slate-300" />
                  </div>
                ))}
              </div>
              <div className="mt-4 flex items-end justify-between gap-3">
                <div className="space-y-1.5">
                  <div className="h-2 w-16 rounded bg-slate-200" />
                  <div className="h-2 w-10 rounded bg-slate-200" />
                </div>
                <div className="ring-brand-500 relative rounded-md p-1 ring-2">
                  <QrGlyph className="size-20 text-slate-900" />
                  <span className="bg-brand-500/80 shadow-brand-400/70 absolute inset-x-1 top-1/2 h-0.5 shadow-[0_0_8px_2px] motion-safe:animate-pulse" />
                </div>
              </div>
            </div>
            <div className="mt-4 rounded-xl bg-white/95 p-4 shadow-lg">
              <p className="text-brand-800 flex items-center gap-2 text-sm font-semibold">
                <BadgeCheck className="size-4" />
                Fatura lida em 1,8 s
              </p>
              <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
                <dt className="text-slate-500">NIF</dt>
                <dd className="text-right font-medium text-slate-800 tabular-nums">123 456 789</dd>
                <dt className="text-slate-500">Data</dt>
                <dd className="text-right font-medium text-slate-800 tabular-nums">14/11/2026</dd>
                <dt className="text-slate-500">IVA (23%)</dt>
                <dd className="text-right font-medium text-slate-800 tabular-nums">23,08 €</dd>
                <dt className="text-slate-500">Total</dt>
                <dd className="text-right font-semibold text-slate-900 tabular-nums">123,45 €</dd>
              </dl>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
