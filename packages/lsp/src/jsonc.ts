/** JSON with comments and trailing commas (tsconfig's dialect) as plain JSON; strings are left as they are. */
export function stripJsonComments(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '"') {
      const end = closingQuote(text, index);
      out += text.slice(index, end + 1);
      index = end;
    } else if (char === '/' && text[index + 1] === '/') {
      while (index < text.length && text[index] !== '\n') index++;
      out += '\n';
    } else if (char === '/' && text[index + 1] === '*') {
      const end = text.indexOf('*/', index + 2);
      index = end < 0 ? text.length : end + 1;
      out += ' ';
    } else if (char === ',' && /^[}\]]/.test(nextSignificant(text, index + 1))) {
      // A trailing comma: dropped.
    } else out += char;
  }
  return out;
}

function closingQuote(text: string, open: number): number {
  for (let index = open + 1; index < text.length; index++) {
    if (text[index] === '\\') index++;
    else if (text[index] === '"') return index;
  }
  return text.length - 1;
}

/** The text from the next character that is neither white space nor inside a comment. */
function nextSignificant(text: string, from: number): string {
  let index = from;
  for (;;) {
    while (index < text.length && /\s/.test(text[index])) index++;
    if (text.startsWith('//', index)) index = text.indexOf('\n', index) < 0 ? text.length : text.indexOf('\n', index);
    else if (text.startsWith('/*', index))
      index = text.indexOf('*/', index) < 0 ? text.length : text.indexOf('*/', index) + 2;
    else return text.slice(index, index + 1);
  }
}
