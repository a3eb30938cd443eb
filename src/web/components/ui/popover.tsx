import { Popover as PopoverPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export const Popover = PopoverPrimitive.Root;
export const PopoverTrigger = PopoverPrimitive.Trigger;
export const PopoverClose = PopoverPrimitive.Close;
/** Names the popover (it is a dialog to assistive technology). */
export const PopoverTitle = PopoverPrimitive.Title;

/** A panel under its trigger that stays within the screen, even on a phone. */
export function PopoverContent({
  className,
  align = 'end',
  sideOffset = 8,
  collisionPadding = 8,
  ...props
}: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        align={align}
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        className={cn(
          'z-50 max-h-[var(--radix-popover-content-available-height)] w-[min(24rem,calc(100vw-1rem))] overflow-y-auto rounded-[var(--radius-card)] border border-cocoa-900/8 bg-white shadow-[var(--shadow-lift)] outline-none',
          className,
        )}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
