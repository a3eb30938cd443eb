import { Menu, X } from 'lucide-react';
import { Button } from '../ui/button.tsx';

/** The menu button of a header below 1024 px: opens and closes the menu `controls` names. */
export function MenuToggle({
  open,
  controls,
  onToggle,
}: {
  open: boolean;
  controls: string;
  onToggle: () => void;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="lg:hidden"
      aria-expanded={open}
      aria-controls={controls}
      aria-label={open ? 'Close menu' : 'Open menu'}
      onClick={onToggle}
    >
      {open ? <X /> : <Menu />}
    </Button>
  );
}
