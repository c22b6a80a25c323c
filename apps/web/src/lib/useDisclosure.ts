import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * A button that opens a panel below it (the bell, the account menu): while open, Escape anywhere
 * closes it and gives the focus back to the button, and a click outside both closes it.
 */
export function useDisclosure(): {
  open: boolean;
  setOpen: (open: boolean | ((open: boolean) => boolean)) => void;
  closeToButton: () => void;
  button: RefObject<HTMLButtonElement | null>;
  panel: RefObject<HTMLDivElement | null>;
} {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const closeToButton = () => {
    setOpen(false);
    button.current?.focus();
  };
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onClick = (e: MouseEvent) => {
      const target = e.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);
  return { open, setOpen, closeToButton, button, panel };
}
