/** The text-field look; see button-variants.ts for why it lives apart from <Input>. */
export const inputClassName =
  'h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-600 focus-visible:ring-3 focus-visible:ring-brand-500/40 focus-visible:outline-none aria-invalid:border-red-600 aria-invalid:ring-red-500/30';
