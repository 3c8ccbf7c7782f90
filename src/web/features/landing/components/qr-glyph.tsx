// A decorative, made-up QR pattern drawn in SVG (nothing is fetched). Rows are bit masks.
const ROWS = [
  0b1111111010101111111, 0b1000001001001000001, 0b1011101011101011101, 0b1011101000101011101,
  0b1011101010101011101, 0b1000001011001000001, 0b1111111010101111111, 0b0000000011100000000,
  0b1101011101011010110, 0b0110100010110101001, 0b1011011101001110110, 0b0100110010011001011,
  0b1111001101100101101, 0b0000000010110010100, 0b1111111001011101011, 0b1000001011010010110,
  0b1011101010111101001, 0b1000001001010110111, 0b1111111011101001010,
];
const SIZE = ROWS.length;

export function QrGlyph({ className }: { className?: string }) {
  const cells: { x: number; y: number }[] = [];
  ROWS.forEach((row, y) => {
    for (let x = 0; x < SIZE; x += 1) {
      if ((row >> (SIZE - 1 - x)) & 1) cells.push({ x, y });
    }
  });
  return (
    <svg
      viewBox={`-1 -1 ${SIZE + 2} ${SIZE + 2}`}
      className={className}
      aria-hidden
      focusable="false"
    >
      <rect x="-1" y="-1" width={SIZE + 2} height={SIZE + 2} fill="#fff" />
      {cells.map(({ x, y }) => (
        <rect key={`${x}-${y}`} x={x} y={y} width="1.02" height="1.02" fill="currentColor" />
      ))}
    </svg>
  );
}
