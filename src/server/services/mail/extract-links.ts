// The links of an email, for the dev mailbox: every absolute http(s) URL in the text and the
// HTML, in order of appearance, without duplicates.

const URL_PATTERN = /https?:\/\/[^\s"'<>]+/gi;
// Sentence punctuation that follows a URL in prose is not part of it.
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;

function decodeHtmlAmpersands(value: string): string {
  return value.replaceAll('&amp;', '&');
}

export function extractLinks(...bodies: string[]): string[] {
  const seen = new Set<string>();
  for (const body of bodies) {
    for (const match of body.matchAll(URL_PATTERN)) {
      const link = decodeHtmlAmpersands(match[0]).replace(TRAILING_PUNCTUATION, '');
      if (URL.canParse(link)) seen.add(link);
    }
  }
  return [...seen];
}
