import { describe, expect, it } from 'vitest';
import { JPY_PER_USD, canonicalBrand, cleanDescription, dollarsToCents, nameFromSlug, nameKey, normaliseGender, normaliseSku, parseDay, parseSize, skusInText, yenToCents } from './normalise.ts';

describe('brands', () => {
  it('spells each maker one way whatever the case in the file', () => {
    expect(canonicalBrand('adidas')).toBe('Adidas');
    expect(canonicalBrand('Adidas')).toBe('Adidas');
    expect(canonicalBrand('ADIDAS')).toBe('Adidas');
    expect(canonicalBrand(' new balance ')).toBe('New Balance');
    expect(canonicalBrand('Air Jordan')).toBe('Jordan');
  });

  it('reads the maker from the name for collaboration lines', () => {
    expect(canonicalBrand('Yeezy', 'Adidas Yeezy Boost 350 V2 Zebra')).toBe('Adidas');
    expect(canonicalBrand('Off-White', 'Nike Air Presto Off-White')).toBe('Nike');
    expect(canonicalBrand('Off-White', 'Air Jordan 1 Retro High Off-White Chicago')).toBe('Jordan');
    expect(canonicalBrand('Yeezy', 'Yeezy Military Boot Rock')).toBe('Adidas');
  });

  it('title-cases unknown lowercase brands and keeps others as written', () => {
    expect(canonicalBrand('crocs')).toBe('Crocs');
    expect(canonicalBrand('MSCHF')).toBe('MSCHF');
    expect(canonicalBrand('', 'Jordan 11 Retro Concord')).toBe('Jordan');
    expect(canonicalBrand('')).toBe('Other');
  });
});

describe('names', () => {
  it('turns slugs into words with one spelling of the leading brand', () => {
    expect(nameFromSlug('adidas-Yeezy-Boost-350-V2-Butter')).toBe('Adidas Yeezy Boost 350 V2 Butter');
    expect(nameFromSlug('Adidas-Yeezy-Boost-350-V2-Beluga-2pt0')).toBe('Adidas Yeezy Boost 350 V2 Beluga 2.0');
    expect(nameFromSlug('Air-Jordan-1-Retro-High-Off-White-Chicago')).toBe('Air Jordan 1 Retro High Off-White Chicago');
  });

  it('gives the same key to the same product written differently in different files', () => {
    expect(nameKey(nameFromSlug('Adidas-Yeezy-Boost-350-V2-Beluga-2pt0'))).toBe(nameKey('adidas Yeezy Boost 350 V2 Beluga 2.0'));
    expect(nameKey(nameFromSlug('Adidas-Yeezy-Boost-350-Low-Pirate-Black-2015'))).toBe(nameKey('adidas Yeezy Boost 350 Pirate Black (2015)'));
    expect(nameKey(nameFromSlug('Air-Jordan-1-Retro-High-Off-White-Chicago'))).toBe(nameKey('Jordan 1 Retro High Off-White Chicago'));
    expect(nameKey('adidas Yeezy Boost 350 V2 Zebra')).not.toBe(nameKey('adidas Yeezy Boost 350 V2 Cream White'));
  });

  it('finds style codes in free text', () => {
    expect(skusInText('adidas yeezy boost 350 2023 pirate black size 10.5 - bb5350')).toContain('BB5350');
    expect(skusInText('Nike Air Jordan 1 High OG DZ5485 612 Size 10')).toContain('DZ5485-612');
    expect(skusInText('air jordan 1 retro high 555088-134 size 9')).toContain('555088-134');
    expect(normaliseSku(' dz5485_612 ')).toBe('DZ5485-612');
    expect(normaliseSku('')).toBeNull();
  });
});

describe('prices, sizes and dates', () => {
  it('converts dollars to cents and reads zero or missing as no price', () => {
    expect(dollarsToCents('1097')).toBe(109_700);
    expect(dollarsToCents('$1,097.50')).toBe(109_750);
    expect(dollarsToCents(215.5)).toBe(21_550);
    expect(dollarsToCents('0')).toBeNull();
    expect(dollarsToCents(0)).toBeNull();
    expect(dollarsToCents('')).toBeNull();
    expect(dollarsToCents('None')).toBeNull();
  });

  it('converts yen to US cents at the fixed documented rate', () => {
    expect(JPY_PER_USD).toBe(105);
    expect(yenToCents('57585.0')).toBe(54_843);
    expect(yenToCents(10_500)).toBe(10_000);
    expect(yenToCents('0.0')).toBeNull();
  });

  it('keeps valid US sizes only', () => {
    expect(parseSize('10.0')).toBe(10);
    expect(parseSize('11.5')).toBe(11.5);
    expect(parseSize('3.0')).toBeNull();
    expect(parseSize('10.3')).toBeNull();
    expect(parseSize('')).toBeNull();
  });

  it('reads ISO days and drops the 1970 placeholder', () => {
    expect(parseDay('2019-02-13')).toBe('2019-02-13');
    expect(parseDay('2025-08-09T10:00:00Z')).toBe('2025-08-09');
    expect(parseDay('1970-01-01')).toBeNull();
    expect(parseDay('')).toBeNull();
  });

  it('normalises genders and descriptions', () => {
    expect(normaliseGender('child')).toBe('Kids');
    expect(normaliseGender('women')).toBe('Women');
    expect(normaliseGender(undefined)).toBe('Unisex');
    expect(cleanDescription('One.\r\n<br>\r\n<br>\r\nTwo &amp; three.')).toBe('One.\nTwo & three.');
  });
});
