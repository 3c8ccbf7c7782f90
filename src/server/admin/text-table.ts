// The admin CLI's plain-text tables: a header, a rule, the rows, columns padded to their widest
// cell, then a blank line and the total.

export function textTable(header: string[], rows: string[][], total: string): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line), '', total].join(
    '\n',
  );
}
