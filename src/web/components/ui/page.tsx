import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** The standard page header: eyebrow, the page's h1, and an intro. */
export function PageHeader({
  eyebrow,
  title,
  intro,
  children,
  className,
}: {
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <header
      className={cn(
        'relative overflow-hidden border-b border-cocoa-900/5 bg-gradient-to-b from-rose-50 to-cream-100',
        className,
      )}
    >
      <div className="mx-auto max-w-6xl px-4 py-14 text-center sm:px-6 sm:py-20">
        {eyebrow && (
          <p className="mb-3 text-sm font-semibold uppercase tracking-[0.18em] text-rose-600">{eyebrow}</p>
        )}
        <h1 className="text-4xl font-semibold sm:text-5xl">{title}</h1>
        {intro && <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-cocoa-600">{intro}</p>}
        {children}
      </div>
    </header>
  );
}

export function Section({
  className,
  children,
  ...props
}: {
  className?: string;
  children: ReactNode;
  'aria-labelledby'?: string;
  id?: string;
}) {
  return (
    <section className={cn('mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20', className)} {...props}>
      {children}
    </section>
  );
}

/** A white card in a list of them (open roles, news, values). */
export function CardItem({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <li className={cn('rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-soft)]', className)}>
      {children}
    </li>
  );
}
