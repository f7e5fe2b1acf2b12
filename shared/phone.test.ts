// engine-independent: shared code; no database
/** Phone numbers to E.164 (India when no country code is given) and back to a readable form. */
import { describe, expect, it } from 'vitest';
import { formatPhone, toE164 } from './phone';
import { whatsappHref } from './site-settings';

describe('toE164', () => {
  it('reads numbers as people in India write them', () => {
    expect(toE164('99000 54321')).toBe('+919900054321');
    expect(toE164('099000 54321')).toBe('+919900054321');
    expect(toE164('+91 99000 54321')).toBe('+919900054321');
    expect(toE164(' (080) 4123-4567 ')).toBe('+918041234567');
    expect(toE164('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('refuses what cannot be a phone number', () => {
    for (const value of [
      'abc',
      '',
      '12345',
      '99000 5432',
      '1234567',
      'call 99000 54321',
      '99000-54321 ext. 5',
      '+91 99000 54321 99999999',
    ]) {
      expect(toE164(value), value).toBeNull();
    }
  });

  it('makes a WhatsApp link WhatsApp opens as an Indian number', () => {
    expect(whatsappHref(formatPhone('99000 54321'), 'Hi')).toBe('https://wa.me/919900054321?text=Hi');
  });
});

describe('formatPhone', () => {
  it('shows E.164 in the international format, and leaves what is not a number as it was', () => {
    expect(formatPhone('+919900054321')).toBe('+91 99000 54321');
    expect(formatPhone('+918041234567')).toBe('+91 80 4123 4567');
    expect(formatPhone('')).toBe('');
    expect(formatPhone('-1')).toBe('-1');
  });
});
