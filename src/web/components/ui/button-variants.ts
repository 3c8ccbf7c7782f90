import { cva, type VariantProps } from 'class-variance-authority';

/**
 * The button look, usable on any element (`<Link className={buttonVariants()}>`).
 * cva appends `className` without resolving conflicts; the <Button> component merges
 * with tailwind-merge instead. Budget-critical public pages (/home) use this directly so
 * tailwind-merge (about 9 KB gzip) stays out of their bundle.
 */
export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors focus-visible:ring-3 focus-visible:ring-brand-500/60 focus-visible:ring-offset-2 focus-visible:outline-none disabled:pointer-events-none disabled:opacity-50 [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800',
        secondary: 'bg-white text-brand-900 shadow-sm hover:bg-brand-50',
        outline: 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50',
        ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
        onDark: 'border border-white/30 text-white hover:bg-white/10',
      },
      size: {
        sm: 'h-9 px-3 text-sm',
        md: 'h-10 px-4 text-sm',
        lg: 'h-12 px-6 text-base',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonVariantProps = VariantProps<typeof buttonVariants>;
