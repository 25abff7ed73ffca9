import { z } from 'zod';
import { langCodeSchema } from '../enum-schemas.ts';
import { secretToken } from '../secret.ts';
import { storableText } from '../validation/storable-text.ts';

/**
 * The member CSV (README "Membership login", `npm run import-members`): the same rules, answered line by
 * line. `csv` is the file's text; at most about 2 MB (a few tens of thousands of members).
 */
export const importMembersBodySchema = z.object({
  csv: storableText().min(1).max(2_000_000),
  /** Replace the details and password of members already there (the CLI's `--update`). */
  update: z.boolean().default(false),
});

/** `not_imported`: a good line of a file that another line made refuse. */
export const MEMBER_IMPORT_RESULTS = ['added', 'updated', 'unchanged', 'not_imported', 'error'] as const;

/**
 * Why a line of the member CSV was refused, as a code with what the words need: the console says it in the
 * staff member's language, the CLI in English (server `member-import-english.ts`).
 */
export const memberImportLineProblemSchema = z.discriminatedUnion('code', [
  /** Empty or not an address; the line's `email` shows what was written. */
  z.object({ code: z.literal('bad_email') }),
  /** The same address (case aside) is on an earlier line. */
  z.object({ code: z.literal('duplicate_email'), first_line: z.number().int() }),
  z.object({ code: z.literal('short_password'), min_length: z.number().int() }),
  z.object({ code: z.literal('empty_name') }),
]);
export type MemberImportLineProblem = z.infer<typeof memberImportLineProblemSchema>;

export const memberImportLineSchema = z.object({
  /** The file's line the row starts on (the header is line 1). */
  line: z.number().int(),
  email: z.string(),
  result: z.enum(MEMBER_IMPORT_RESULTS),
  /** Why the line was refused, for `error`. */
  problem: memberImportLineProblemSchema.optional(),
  /** The same in English, as the CLI says it (for clients from before `problem`; the console words `problem`). */
  message: z.string().optional(),
});

/** Why the whole file was refused (no line is looked at then); worded as the line problems are. */
export const memberImportFileErrorSchema = z.discriminatedUnion('code', [
  /** The CLI's `--site` names no site (the console reaches only sites that exist). */
  z.object({ code: z.literal('no_site'), site: z.string() }),
  /** The site's `isUseMembershipLogin` is off (ADR 128): its members could not sign in. */
  z.object({ code: z.literal('membership_login_off'), site: z.string() }),
  /**
   * csv-parse could not read it (a double quote not closed, or one inside an unquoted field): `line` is
   * where the row it could not read starts. csv-parse's own English never leaves the server.
   */
  z.object({ code: z.literal('not_csv'), line: z.number().int() }),
  /** Nothing but blank lines: not even the header. */
  z.object({ code: z.literal('empty_file') }),
  /** The header lacks a required column (`email`, `password` or `name`). */
  z.object({ code: z.literal('missing_column'), column: z.string() }),
  /** The header names columns the file format does not have, as written (trimmed, lower-cased). */
  z.object({ code: z.literal('unknown_columns'), columns: z.array(z.string()) }),
]);
export type MemberImportFileError = z.infer<typeof memberImportFileErrorSchema>;

export const importMembersResponseSchema = z.object({
  /** false when any line (or the header) is wrong: then nothing is imported, as with the CLI. */
  imported: z.boolean(),
  /** A problem of the whole file (no header, an unknown column, bad CSV, a site without membership login). */
  file_error: memberImportFileErrorSchema.nullable(),
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  lines: z.array(memberImportLineSchema),
});
export type ImportMembersResponse = z.infer<typeof importMembersResponseSchema>;

/** A visitor's invitation (ADR 020, MORI): `npm run invite` from the console. */
export const createVisitorInvitationBodySchema = z.object({
  email: storableText().trim().min(3).max(254),
  lang: langCodeSchema,
  product_uuid: z.uuid(),
  time_span_id: z.number().int().positive(),
  tickets: z
    .array(
      z.object({
        option_value_id: z.number().int().positive(),
        quantity: z.number().int().positive().max(100),
      }),
    )
    .min(1)
    .max(20),
});

export const INVITATION_STATES = ['sent', 'accepted', 'revoked'] as const;

export const visitorInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  lang: langCodeSchema,
  product_uuid: z.string(),
  product_name: z.string(),
  time_span_id: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  tickets: z.array(z.object({ option_value_id: z.number().int(), quantity: z.number().int() })),
  state: z.enum(INVITATION_STATES),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
});

export const visitorInvitationListSchema = z.object({ invitations: z.array(visitorInvitationSchema) });

export const createdVisitorInvitationSchema = z.object({
  invitation: visitorInvitationSchema,
  /** The link the mail carries: it opens the order (secret: it holds the invitation's token). */
  url: secretToken(z.string()),
});

// The site's members (ADR 124): found by address or name, and erased on request -------------------------

const memberCursorSchema = z.string().regex(/^[1-9]\d{0,17}$/, 'not a cursor');

/**
 * GET /sites/:site/members: newest first; `q` finds an address by its start or a name by any part. `q` is
 * personal data: marked secret, so the log never keeps it (as the order search's).
 */
export const consoleMembersQuerySchema = z.object({
  q: secretToken(storableText().trim().max(200)).optional(),
  cursor: memberCursorSchema.optional(),
  limit: z
    .string()
    .regex(/^[1-9]\d{0,2}$/, 'expected 1 to 100')
    .transform(Number)
    .pipe(z.number().max(100))
    .optional(),
});

/** A member as the console shows them: never the password's hash. */
export const consoleMemberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  resident_area: z.string(),
  age: z.string(),
  gender: z.string(),
  created_at: z.string(),
  /** Orders made while signed in as this member, and the last one's time. */
  orders: z.number().int(),
  last_order_at: z.string().nullable(),
});
export type ConsoleMember = z.infer<typeof consoleMemberSchema>;

export const consoleMemberListSchema = z.object({
  members: z.array(consoleMemberSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});

/** DELETE /sites/:site/members/:id: the account and its details are gone; its orders stay, unlinked. */
export const erasedMemberSchema = z.object({
  erased: z.object({ orders_unlinked: z.number().int() }),
});
export type ErasedMember = z.infer<typeof erasedMemberSchema>;
