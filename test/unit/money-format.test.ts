import { describe, expect, it } from 'vitest';
import { formatNaira, formatNairaPlain } from '../../shared/money';

describe('money on screen and on paper', () => {
  it('a negated zero (nothing given back, shown as money out) reads ₦0.00, never -₦0.00', () => {
    expect(formatNaira(-0)).toBe(formatNaira(0));
    expect(formatNaira(-0)).not.toContain('-');
    expect(formatNairaPlain(-0)).toBe('NGN 0.00');
  });

  it('real amounts keep their sign', () => {
    expect(formatNaira(-150_050)).toMatch(/^-₦1,500\.50$/);
    expect(formatNaira(150_050)).toBe('₦1,500.50');
  });
});
