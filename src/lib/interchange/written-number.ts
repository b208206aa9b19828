/** A decimal number's text as sign, significant digits and the power of ten of its last digit; undefined for other forms (hex, `.inf`). */
function decimal(text: string): { sign: string; digits: string; exponent: bigint } | undefined {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text.trim());
  if (!m || `${m[2] ?? ''}${m[3] ?? ''}` === '') return undefined;
  const fraction = m[3] ?? '';
  let digits = `${m[2] ?? ''}${fraction}`.replace(/^0+/, '');
  let exponent = BigInt(m[4] ?? '0') - BigInt(fraction.length);
  const trailing = /0*$/.exec(digits)?.[0].length ?? 0;
  digits = digits.slice(0, digits.length - trailing);
  exponent += BigInt(trailing);
  return digits === '' ? { sign: '', digits: '0', exponent: 0n } : { sign: m[1] === '-' ? '-' : '', digits, exponent };
}

/**
 * Whether two texts of decimal numbers name the same number exactly (`1e308` and `1e+308`, `1.50`
 * and `1.5`): a number as a file writes it against what an export writes. Undefined where either
 * is no decimal text, so a caller says what it cannot compare.
 */
export function sameDecimal(a: string, b: string): boolean | undefined {
  const x = decimal(a);
  const y = decimal(b);
  if (x === undefined || y === undefined) return undefined;
  return x.sign === y.sign && x.digits === y.digits && x.exponent === y.exponent;
}

/** Whether a number's text names a number other than 0 (`1e-400`, which reads as 0: past the smallest double, t31t D18); false for zero and for what is no decimal text. */
export function nonZeroDecimal(text: string): boolean {
  const x = decimal(text);
  return x !== undefined && x.digits !== '0';
}
