import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-full font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-500 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-rose-600 text-white shadow-sm hover:bg-rose-700',
        secondary: 'bg-cocoa-900 text-cream-100 hover:bg-cocoa-700',
        outline:
          'border border-cocoa-900/15 bg-white/70 text-cocoa-900 hover:border-rose-400 hover:bg-rose-50',
        ghost: 'text-cocoa-700 hover:bg-cream-200 hover:text-cocoa-900',
        soft: 'bg-rose-100 text-rose-700 hover:bg-rose-200',
        link: 'rounded-none px-0 text-rose-600 underline-offset-4 hover:underline',
      },
      size: {
        // 40 px on a phone (a finger-sized target), 36 px from the sm breakpoint up.
        sm: 'h-10 px-4 text-sm sm:h-9',
        md: 'h-11 px-5 text-sm',
        lg: 'h-13 px-7 text-base',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'md' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & { asChild?: boolean };

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button';
  return (
    <Comp
      className={cn(buttonVariants({ variant, size }), className)}
      {...(!asChild && { type: type ?? 'button' })}
      {...props}
    />
  );
}
