// The frame of the app's own dialogs (palette, shortcuts sheet, About): a native <dialog> opened modal, so
// the page behind is inert and focus stays inside; Escape closes it and focus goes back to where it
// was. Not cmdk's Command.Dialog: its Radix dialog injects a <style> element (scroll lock), which
// the renderer's Content-Security-Policy (style-src 'self') refuses.
import { type ReactNode, useEffect, useRef } from 'react';

export function ModalDialog({
  label,
  heading,
  className,
  onClose,
  children,
}: {
  /** The dialog's accessible name. */
  label: string;
  /** A sheet's visible title: shown with a Close button in a header that stays on top as it scrolls. */
  heading?: string;
  className?: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      // The first field or button, whatever the browser's own dialog focusing picked.
      dialog.querySelector<HTMLElement>('input, button')?.focus();
    }
    return () => {
      if (dialog?.open) dialog.close();
      // Back to the field or button the user was on. When what the user ran took that away (another
      // screen), to the new screen's title, so the keyboard starts from the top of what is shown.
      if (returnTo?.isConnected) returnTo.focus();
      else {
        const title = document.querySelector<HTMLElement>('main h1, main h2');
        if (title) {
          title.tabIndex = -1;
          title.focus();
        }
      }
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={`app-dialog ${className ?? ''}`}
      aria-label={label}
      onCancel={(event) => {
        // Escape: the app's state decides what is open, not the element.
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) {
          event.preventDefault();
          onClose();
        }
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {heading !== undefined && (
        <div className="dialog-header">
          <h2>{heading}</h2>
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
      )}
      {children}
    </dialog>
  );
}
