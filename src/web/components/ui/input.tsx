import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';
import { inputClassName } from './input-variants.ts';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(inputClassName, className)} {...props} />;
}
