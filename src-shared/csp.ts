// The renderer's Content-Security-Policy. The renderer never talks to the network: every HTTP
// call happens in main. The only difference for the browser test bridge is that its transport
// is a same-origin fetch, so it allows connect-src 'self' and nothing else.
export function rendererCsp(transport: 'electron' | 'web'): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${transport === 'web' ? "'self'" : "'none'"}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}
