// The ABI library's size limits, alone in a module: main's channel schema needs them at start-up,
// while the checker (abi-json.ts) is loaded on first use and must not be pulled in with them.

/** The largest ABI text accepted (UTF-8 bytes): a big contract's ABI is a few hundred KB. */
export const MAX_ABI_TEXT_BYTES = 1024 * 1024;
/** Entries in one ABI (OpenZeppelin's largest have about 100). */
export const MAX_ABI_ENTRIES = 2000;
