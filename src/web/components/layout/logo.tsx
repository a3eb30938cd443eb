import { Link } from 'react-router';

export function Logo({ onClick }: { onClick?: () => void }) {
  return (
    <Link to="/" onClick={onClick} className="group inline-flex items-center gap-2" aria-label="Frosted home">
      <svg viewBox="0 0 64 64" className="size-9 transition-transform group-hover:-rotate-6" aria-hidden>
        <rect width="64" height="64" rx="16" fill="#d4537a" />
        <path d="M14 40h36v10a4 4 0 0 1-4 4H18a4 4 0 0 1-4-4z" fill="#fff8f1" />
        <path d="M18 28h28v12H18z" fill="#fbeee0" />
        <path d="M14 40c4 4 8 4 12 0s8 4 12 0 8 4 12 0" fill="none" stroke="#f9c2d0" strokeWidth="3" />
        <circle cx="32" cy="20" r="5" fill="#fff8f1" />
        <path d="M32 8c2 3 2 6 0 7-2-1-2-4 0-7z" fill="#d9b04a" />
      </svg>
      <span className="font-display text-2xl font-semibold tracking-tight text-cocoa-900">Frosted</span>
    </Link>
  );
}
