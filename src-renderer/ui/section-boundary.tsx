// A part of a screen that must not take the window down with it: if it throws while rendering (an
// answer shaped in a way nobody foresaw, a chunk that failed to load), it is replaced by a one-line
// note and the rest of the screen stays. React catches render errors only in a class component.
import { Component, type ReactNode } from 'react';

interface Props {
  /** What the part is, for the note: "The decoded view". */
  what: string;
  /** A new key starts over (the next answer gets its own chance). */
  children: ReactNode;
}

export class SectionBoundary extends Component<Props, { message: string | null }> {
  override state = { message: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { message: error instanceof Error ? error.message : String(error) };
  }

  override render() {
    if (this.state.message === null) return this.props.children;
    return (
      <p className="banner banner-warning" role="status">
        {this.props.what} could not be shown ({this.state.message}). The rest is unaffected.
      </p>
    );
  }
}
