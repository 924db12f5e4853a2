// The keys the whole app answers, wherever focus is: Mod+K (palette), Mod+E (recent views),
// Mod+1..5 (sections) and `?` (shortcuts sheet). In the desktop app the menu has the same
// accelerators; both ask for the same thing (opening what is open already changes nothing).
import { useEffect } from 'react';
import { SECTIONS, useUiStore } from '../ui-store.ts';

/**
 * Whether a key press is text going into a field. Read from the event's first target, inside
 * shadow roots too: the code editors live in one, and the event reaches the document retargeted to
 * the editor's host element.
 */
export function isTyping(event: KeyboardEvent): boolean {
  const target = (event.composedPath?.()[0] ?? event.target) as Element | null;
  if (!target || typeof (target as Element).closest !== 'function') return false;
  if (target.closest('[contenteditable=""], [contenteditable="true"], textarea, select')) return true;
  if (target instanceof HTMLInputElement) {
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type);
  }
  return false;
}

export function handleGlobalKey(event: KeyboardEvent): void {
  if (event.defaultPrevented || event.isComposing) return;
  const ui = useUiStore.getState();
  const mod = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  if (mod && !event.shiftKey && !event.altKey) {
    if (key === 'k') {
      event.preventDefault();
      ui.openDialog('palette');
      return;
    }
    if (key === 'e') {
      event.preventDefault();
      ui.openDialog('recent');
      return;
    }
    const index = Number(event.key) - 1;
    if (Number.isInteger(index) && index >= 0 && index < SECTIONS.length && ui.dialog === null) {
      event.preventDefault();
      ui.showSection(SECTIONS[index].id);
    }
    return;
  }
  if (event.key === '?' && !mod && !event.altKey && ui.dialog === null && !isTyping(event)) {
    event.preventDefault();
    ui.openDialog('shortcuts');
  }
}

/** Listens on the document while the app is mounted. */
export function useGlobalKeys(): void {
  useEffect(() => {
    document.addEventListener('keydown', handleGlobalKey);
    return () => document.removeEventListener('keydown', handleGlobalKey);
  }, []);
}
