import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { Input } from './input.tsx';

/** A search box with its magnifier icon; `label` names it for screen readers and tests. */
export function SearchInput({
  label,
  large = false,
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { label: string; large?: boolean }) {
  return (
    <div className="relative">
      <Search
        className={cn(
          'pointer-events-none absolute text-cocoa-400',
          large ? 'left-5 top-4 size-5' : 'left-3.5 top-3.5 size-4',
        )}
        aria-hidden
      />
      <Input
        type="search"
        aria-label={label}
        autoComplete="off"
        className={cn(large ? 'h-13 rounded-full pl-13' : 'pl-10', className)}
        {...props}
      />
    </div>
  );
}
