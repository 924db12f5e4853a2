// How the palette ranks an item against what was typed. cmdk's own scorer (command-score) matches
// the typed letters in order anywhere in the text: good for "tr exp" -> "Transfers: export", weak for
// the two things support staff type most. An id fragment ("ab3f" of a party's fingerprint) is a run
// of letters that a long hex id holds scattered almost always, so a contiguous hit must rank above a
// scattered one; and a misspelt name ("etherium") holds a letter the item lacks, which command-score
// refuses outright. So: contiguous substring first, then cmdk's score, then a near miss (each typed
// word within one or two edits of a word of the item).
import { defaultFilter } from 'cmdk';
import { editDistance } from '../../src-shared/text/edit-distance.ts';

const IN_LABEL = 0.96;
const AT_WORD_START = 0.03;
const IN_KEYWORD = 0.93;
const SCATTERED_CAP = 0.9;
const NEAR_MISS = 0.05;

/**
 * cmdk's filter signature: 0 hides the item, higher ranks first. The words are the keywords when
 * there are any (the palette's values are internal ids, whose hex would match id fragments by chance).
 */
export function paletteScore(value: string, search: string, keywords: string[] = []): number {
  const query = search.trim().toLowerCase();
  if (!query) return 1;
  const [first, ...rest] = keywords.length > 0 ? keywords : [value];
  // The first word list entry is what the row shows (its label): a hit there beats one in the
  // words it is also found by ("appearance" finds the Appearance panel before the theme action).
  const label = first.toLowerCase();
  const at = label.indexOf(query);
  if (at >= 0) return IN_LABEL + (at === 0 || !/[\p{L}\p{N}]/u.test(label[at - 1]) ? AT_WORD_START : 0);
  if (rest.some((word) => word.toLowerCase().includes(query))) return IN_KEYWORD;
  const scattered = defaultFilter(first, search, rest);
  if (scattered > 0) return Math.min(scattered, SCATTERED_CAP);
  return nearMiss(query, [first, ...rest].join(' ').toLowerCase()) ? NEAR_MISS : 0;
}

/** Every typed word is within a small edit distance of (the start of) some word of the text. */
function nearMiss(query: string, text: string): boolean {
  const words = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return query
    .split(/\s+/)
    .filter(Boolean)
    .every((typed) => {
      // Short words are left to exact matching: one edit in three letters matches half the list.
      if (typed.length < 4) return words.some((w) => w.startsWith(typed));
      const allowed = typed.length >= 8 ? 2 : 1;
      return words.some(
        (w) =>
          editDistance(typed, w, allowed) <= allowed ||
          (w.length > typed.length && editDistance(typed, w.slice(0, typed.length), allowed) <= allowed),
      );
    });
}
