/**
 * A number written plainly for people: integers with thousands separators (`1,316`, `-259`),
 * fractions with up to 3 decimals, and numbers beyond 2^53 (where doubles stop being exact) in
 * scientific notation with the digits they really have (`4.1512e+22`) — never engine-style suffixes
 * such as `666T`.
 */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return Number.isNaN(n) ? 'NaN' : n > 0 ? 'infinite' : '-infinite';
  if (Math.abs(n) >= 2 ** 53) return n.toExponential(4).replace(/\.?0+e/, 'e');
  const rounded = Number.isInteger(n) ? n : Math.round(n * 1000) / 1000;
  const [int = '0', frac] = Math.abs(rounded).toString().split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${rounded < 0 ? '-' : ''}${grouped}${frac !== undefined ? `.${frac}` : ''}`;
}
