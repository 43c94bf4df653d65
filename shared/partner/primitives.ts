import { z } from 'zod';
import { maxPartnerNaira, nairaAsKoboSchema } from '../money';

/**
 * Building blocks of the partner wire schemas: strict where a wrong value would sell the wrong
 * thing (ids, money), tolerant where the live service is known to be loose (counts as strings,
 * nulls, 0/1 booleans). Objects strip fields they do not know, so additions on the partner side
 * pass over us.
 */

/** Experience and ticket category ids: UUID-shaped strings (any version). */
export const wireUuidSchema = z.guid({ error: 'must be a UUID' });

/** Hotel, room, showtime and location ids. */
export const wireIntIdSchema = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/**
 * `schema`, its value then rewritten by `to`. Built as an overwrite (a check) rather than a
 * transform: zod 4 runs a transform through a pipe, about a microsecond a field in a process that
 * parses many shapes, and these run on every id, flag and count of a list (issue 10: a hotel
 * parsed in 3.0 instead of 4.4 µs). The generic types cannot follow a type-changing overwrite; the
 * shape tests (partner-wire, partner-live-shapes) hold the behaviour.
 */
export function wireRewritten<T extends z.ZodType, O>(schema: T, to: (value: z.output<T>) => O): z.ZodType<O, z.input<T>> {
  return schema.overwrite(to as unknown as (value: z.output<T>) => z.output<T>) as unknown as z.ZodType<O, z.input<T>>;
}

/** Ids the partner sends as either a string or a number (business, category); kept as a string. */
export const wireLooseIdSchema = wireRewritten(z.union([z.string(), z.number()]), String);

/**
 * An id the till only passes back to the partner (a hold's reservation): whatever the partner
 * sent, string or number, kept as a non-empty string and never checked for a format.
 */
export const wireOpaqueIdSchema = wireRewritten(z.union([z.string().trim().min(1).max(200), z.number().finite()]), String);

/**
 * A hotel id as the hotel list gives it: an integer, or the same integer written as a string
 * ("7"), read as the number. Only the plain form is taken ("007", "7.0", "+7", "7e0" are not), so
 * the number always names the id the partner wrote. For the list only: a room id, which is booked,
 * stays wireIntIdSchema.
 */
export const wireListedIntIdSchema = wireRewritten(
  z.union([wireIntIdSchema, z.string().regex(/^(0|[1-9][0-9]{0,14})$/, 'must be a whole number')]),
  Number,
);

/**
 * A Naira amount written as a string ("5200", "5200.5", "5200.50"): only a plain decimal, no sign,
 * exponent, spaces, separators or leading zeros, at most two decimals and at most
 * maxPartnerNaira, the bounds of nairaAsKoboSchema. Turned into kobo from its digits, never
 * through a float.
 */
const nairaTextAsKoboSchema = wireRewritten(
  z
    .string()
    .regex(/^(0|[1-9][0-9]{0,10})(\.[0-9]{1,2})?$/, 'must be a plain Naira amount with at most two decimals')
    .refine((text) => nairaTextToKobo(text) <= maxPartnerNaira * 100, `must be at most ${maxPartnerNaira} Naira`),
  nairaTextToKobo,
);

function nairaTextToKobo(text: string): number {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * A Naira amount (finite, non-negative, at most two decimals) turned into integer kobo. Every
 * money field of a parsed wire object therefore holds kobo under its wire name. A number, or the
 * same amount as a plain decimal string (some answers quote their prices): nothing else.
 */
export const wireMoneySchema: z.ZodType<number, number | string> = z.union([nairaAsKoboSchema, nairaTextAsKoboSchema]);

/** A count the live service sometimes sends as a string (`number_of_rooms: "5"`). */
export const wireCountSchema = wireRewritten(
  z.union([
    z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    z
      .string()
      .trim()
      .regex(/^\d{1,15}$/, 'must be a whole number'),
  ]),
  Number,
);

/** A flag that may arrive as a boolean or as a database 0/1. */
export const wireFlagSchema = wireRewritten(z.union([z.boolean(), z.literal(0), z.literal(1)]), Boolean);

/** YYYY-MM-DD with a real calendar date. */
export const wireDateSchema = z.iso.date();

/**
 * `schema`, with a missing or null value read as `fallback()`. Built from default and overwrite
 * rather than a transform: zod 4 runs a transform through a pipe, which in a process that parses
 * many shapes (the till, the sandbox) cost about a microsecond a field, three times the whole rest
 * of a hotel (issue 10: the client's time on a 10,000-hotel list).
 */
export function wireOr<T extends z.ZodType>(schema: T, fallback: () => NoInfer<z.output<T>>): z.ZodType<z.output<T>, z.input<T> | null | undefined> {
  // The generic zod types cannot follow `output<T> | null` through default(); the test of every
  // shape (partner-live-shapes, partner-client) holds the behaviour.
  const orNull = schema.nullable() as unknown as z.ZodType<unknown, unknown>;
  return orNull.default(fallback).overwrite((value) => value ?? fallback()) as unknown as z.ZodType<z.output<T>, z.input<T> | null | undefined>;
}

/** Free text that may be missing or null (read as null). */
export const wireTextSchema = z.string().nullable().default(null);

/** A list that may be missing or null (read as empty). */
export const wireListOf = <T extends z.ZodType>(item: T) => wireOr(z.array(item), (): z.output<T>[] => []);

/**
 * `next_page` of a paginated answer: the page number, null (or missing) on the last page. Also read:
 * the number as a string ("2"), 0 for "no next page", and a full link to the next page
 * (`https://…/hotels?page=2`, as Laravel's `next_page_url`), whose `page` is taken. Anything else
 * (a negative or fractional page, a link without a page number) is refused.
 */
export const wireNextPageSchema = wireOr(
  wireRewritten(
    z.union([
      z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
      z.string().refine((text) => pageIn(text) !== undefined, 'must be a page number or a link with ?page='),
    ]),
    (value): number | null => {
      const page = typeof value === 'number' ? value : pageIn(value)!;
      return page === 0 ? null : page;
    },
  ),
  () => null,
);

/** The page a `next_page` string names: "2", or a link's `page` query parameter; undefined when none. */
function pageIn(text: string): number | undefined {
  const trimmed = text.trim();
  if (/^[0-9]{1,15}$/.test(trimmed)) return Number(trimmed);
  if (!/^(https?:\/\/|\/|\?)/i.test(trimmed)) return undefined;
  let page: string | null;
  try {
    page = new URL(trimmed, 'http://partner.invalid/').searchParams.get('page');
  } catch {
    return undefined;
  }
  return page !== null && /^[0-9]{1,15}$/.test(page) ? Number(page) : undefined;
}

/** `per_page` of a paginated answer: a positive whole number, or one written as a string ("20"). */
export const wirePageSizeSchema = wireRewritten(
  z.union([
    z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    z
      .string()
      .trim()
      .regex(/^[1-9][0-9]{0,14}$/, 'must be a positive whole number'),
  ]),
  Number,
);

/**
 * A latitude or longitude: a number, or one written as a decimal string ("6.4351"); an empty
 * string is no position. Shown only (a map link), never sent.
 */
export const wireCoordinateSchema = wireOr(
  wireRewritten(
    z.union([
      z.number().finite(),
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^-?[0-9]{1,3}(\.[0-9]{1,15})?$/, 'must be a decimal number')
        .refine((text) => Math.abs(Number(text)) <= 180, 'must be at most 180 degrees'),
    ]),
    (value): number | null => (value === '' ? null : Number(value)),
  ),
  () => null,
);

/** Hotel and room images: `{ id, image_url, alt_text }`. */
export const wireImageSchema = z.object({
  id: wireLooseIdSchema.nullish(),
  image_url: z.string(),
  alt_text: wireTextSchema,
});
export type WireImage = z.output<typeof wireImageSchema>;

/** An item of a list that could not be read, left out so the rest of the list still shows. */
export interface SkippedItem {
  index: number;
  /** The item's own id, when it has a readable one (for the log). */
  id: string | null;
  /** Field paths and zod messages only: never the item's values. */
  problem: string;
}

/**
 * A list read item by item: an item that breaks its schema (a date in another format, a missing
 * title) is left out and reported in `skipped`, instead of failing the whole answer. For lists
 * that only show things (films, hotels); what is bought is read strictly elsewhere.
 */
export const wireLenientListOf = <T extends z.ZodType>(item: T) =>
  z
    .array(z.unknown())
    .nullish()
    .transform((raw) => {
      const items: z.output<T>[] = [];
      const skipped: SkippedItem[] = [];
      (raw ?? []).forEach((value, index) => {
        const parsed = item.safeParse(value);
        if (parsed.success) items.push(parsed.data);
        else skipped.push({ index, id: readableId(value), problem: describeIssues(parsed.error) });
      });
      return { items, skipped };
    });

const readableId = (value: unknown): string | null => {
  const id = (value as { id?: unknown } | null)?.id;
  return (typeof id === 'string' && id.length <= 100) || typeof id === 'number' ? String(id) : null;
};

const describeIssues = (error: z.ZodError): string =>
  error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(item)'}: ${issue.message}`)
    .join('; ');

/**
 * A partner's reference (EX..., HTL...): trimmed, and without control or invisible format
 * characters (a zero-width space, a bell, a right-to-left override would reach the journal, the
 * screens, the receipt and its QR, and a lookup by it); a non-breaking space counts as a space.
 * A blank one is not a reference: the answer is then unreadable, and the sale is looked up.
 */
export const wireReferenceSchema = z
  .string()
  .transform((text) => text.replace(/[\p{Cc}\p{Cf}]/gu, '').replace(/\u00a0/g, ' ').trim())
  .pipe(z.string().min(1));
