// URL is a WHATWG global in both runtimes src-shared runs in (Node and Chromium), but TypeScript's
// ES libs do not declare it. This project has neither the DOM nor Node types on purpose, so that
// nothing else from either can slip into shared code; this declares just the part of URL it uses.
declare class URL {
  constructor(url: string, base?: string);
  readonly protocol: string;
  readonly hostname: string;
  readonly username: string;
  readonly password: string;
  readonly search: string;
  readonly hash: string;
}
